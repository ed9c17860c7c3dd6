import { serviceGroups, servicesInGroup } from "../../content/services.ts";
import { paths } from "../../content/urls.ts";
import { usePageLanguage } from "../../lib/language.tsx";
import { useServiceLinks } from "../../lib/service-links.tsx";
import { useWords } from "../../lib/words.tsx";

/** The first step without a product chosen: a plain GET form that opens the product's questions. */
export function ProductPicker() {
  const services = useServiceLinks();
  const { quotePage: text, quoteForm, navigation } = useWords();
  const { localPath } = usePageLanguage();
  return (
    <form method="get" action={localPath(paths.quote)} className="quote-form">
      <div className="field">
        <label htmlFor="quote-service">{text.chooseProduct}</label>
        <p id="quote-service-hint" className="field__hint">
          {text.chooseProductHint}
        </p>
        <select id="quote-service" name="service" required aria-describedby="quote-service-hint" defaultValue="">
          <option value="">{quoteForm.choose}</option>
          {serviceGroups.map((group) => (
            <optgroup key={group.id} label={navigation.groups[group.id]}>
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
