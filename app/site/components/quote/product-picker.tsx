import { quoteFormText as text } from "../../content/quote-form.ts";
import { serviceGroups, servicesInGroup } from "../../content/services.ts";
import { paths } from "../../content/urls.ts";
import { useServiceLinks } from "../../lib/service-links.tsx";

/** The first step without a product chosen: a plain GET form that opens the product's questions. */
export function ProductPicker() {
  const services = useServiceLinks();
  return (
    <form method="get" action={paths.quote} className="quote-form">
      <div className="field">
        <label htmlFor="quote-service">{text.chooseProduct}</label>
        <p id="quote-service-hint" className="field__hint">
          {text.chooseProductHint}
        </p>
        <select id="quote-service" name="service" required aria-describedby="quote-service-hint" defaultValue="">
          <option value="">Choose…</option>
          {serviceGroups.map((group) => (
            <optgroup key={group.id} label={group.title}>
              {servicesInGroup(services, group.id).map((service) => (
                <option key={service.slug} value={service.slug}>
                  {service.title}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <button type="submit" className="button button--primary">
        {text.showFields}
      </button>
    </form>
  );
}
