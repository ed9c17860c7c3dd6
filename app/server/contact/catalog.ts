/**
 * The services of the catalog as the domain uses them: the slug a form names
 * one by, and the name staff and mails call it. The catalog itself is content
 * (the public site's today, the owner's soon), handed in by its callers.
 */
export type CatalogService = { readonly slug: string; readonly title: string };

export type ServiceCatalog = readonly CatalogService[];

export function catalogService<Service extends CatalogService>(
  catalog: readonly Service[],
  slug: string,
): Service | undefined {
  return catalog.find((service) => service.slug === slug);
}
