import { drawingUrl, SERVICE_IMAGE_SIZE, type Service } from "../../content/services.ts";
import { useWords } from "../../lib/words.tsx";
import { ChosenPhoto } from "../ui/chosen-photo.tsx";
import { fetchAttributes, type PhotoPriority } from "../ui/photo.tsx";
import { InlineServiceDrawing } from "./service-drawing.tsx";

type ServiceImageProps = {
  service: Service;
  className: string;
  /** How wide the picture is shown, for a photograph's srcset (see Photo). */
  sizes: string;
  /** Beside the service's title, where a description would only repeat it. */
  decorative?: boolean;
  priority?: PhotoPriority;
};

/**
 * A service's photograph when the catalog names one, otherwise its drawing:
 * written into the page when it is the first view's (on a phone's connection a
 * request of its own, on a connection of its own, paints it a third of a second
 * after the words), a view of the sprite file otherwise.
 */
export function ServiceImage({ service, className, sizes, decorative = false, priority = "lazy" }: ServiceImageProps) {
  const { catalog } = useWords();
  if (service.photo) {
    return (
      <ChosenPhoto {...service.photo} sizes={sizes} className={className} priority={priority} decorative={decorative} />
    );
  }
  const label = decorative ? undefined : catalog.illustrationOf(service.title);
  if (priority === "first-view") {
    return <InlineServiceDrawing drawing={service.drawing} className={className} label={label} />;
  }
  return (
    <img
      className={className}
      src={drawingUrl(service.drawing)}
      alt={label ?? ""}
      width={SERVICE_IMAGE_SIZE.width}
      height={SERVICE_IMAGE_SIZE.height}
      {...fetchAttributes(priority)}
    />
  );
}
