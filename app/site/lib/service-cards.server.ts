import type { RouterContextProvider } from "react-router";
import type { Language } from "../../server/content/languages.ts";
import { type ServiceEntry, shownServices } from "../../server/content/services-item.ts";
import type { Service } from "../content/services.ts";
import { serviceShown } from "./published.server.ts";
import { itemIn } from "./translations.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The services visitors see, as published, each in the page's language. */
export const servicesIn = (context: Context, language: Language): readonly ServiceEntry[] =>
  shownServices(itemIn(context, "services", language));

/** The services visitors see, as their cards show them in the page's language. */
export const serviceCardsIn = (context: Context, language: Language): Service[] =>
  servicesIn(context, language).map((entry) => serviceShown(context, entry));
