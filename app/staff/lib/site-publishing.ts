/** The name of the tick box that chooses an item's draft on the site's page, for the form and the action that reads it. */
export const choiceOf = (item: string) => `publish-${item}`;
