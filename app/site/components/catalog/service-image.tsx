import { drawingUrl, SERVICE_IMAGE_SIZE, type Service } from "../../content/services.ts";
import { ChosenPhoto } from "../ui/chosen-photo.tsx";
import { fetchAttributes, type PhotoPriority } from "../ui/photo.tsx";

type ServiceImageProps = {
  service: Service;
  className: string;
  /** How wide the picture is shown, for a photograph's srcset (see Photo). */
  sizes: string;
  /** Beside the service's title, where a description would only repeat it. */
  decorative?: boolean;
  priority?: PhotoPriority;
};

/** A service's photograph when the catalog names one, otherwise its drawing. */
export function ServiceImage({ service, className, sizes, decorative = false, priority = "lazy" }: ServiceImageProps) {
  if (service.photo) {
    return (
      <ChosenPhoto {...service.photo} sizes={sizes} className={className} priority={priority} decorative={decorative} />
    );
  }
  return (
    <img
      className={className}
      src={drawingUrl(service.drawing)}
      alt={decorative ? "" : `Illustration of ${service.title.toLowerCase()}`}
      width={SERVICE_IMAGE_SIZE.width}
      height={SERVICE_IMAGE_SIZE.height}
      {...fetchAttributes(priority)}
    />
  );
}
