import { type FocusEvent, type KeyboardEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { DEFAULT_LANGUAGE, type Language } from "../../../server/content/languages.ts";
import {
  isNavMenu,
  mainNavigation,
  type NavEntry,
  type NavGroup,
  type NavigationWords,
  type NavLink as NavLinkEntry,
  type NavMenu,
  navigationWords,
} from "../../content/navigation.ts";
import type { ServiceLink } from "../../content/services.ts";
import { paths } from "../../content/urls.ts";
import { type LocalPath, localPathIn } from "../../lib/language.tsx";
import { CurrentLink } from "../ui/current-link.tsx";
import { Icon } from "../ui/icon.tsx";
import { type LanguageSwitch, LanguageSwitchLink } from "../ui/language-switch.tsx";
import { Logo } from "../ui/logo.tsx";

/** Submenus that show on hover only where a wide layout places them as dropdowns. */
const DESKTOP_QUERY = "(min-width: 64em)";

const MENU_TOGGLE_ID = "main-menu-toggle";

/**
 * The menus a visitor opened before the header woke: until then the page's
 * inline script opens and closes them in the HTML (app/islands/island-bootstrap.ts),
 * and the header carries on from there rather than shutting them. On the
 * server, where nothing is open, this renders the same as the plain HTML.
 */
function openedBeforeWaking(navigation: readonly NavEntry[]): { menuOpen: boolean; openPath: string[] } {
  if (typeof document === "undefined") return { menuOpen: false, openPath: [] };
  const expanded = (id: string) => document.getElementById(id)?.getAttribute("aria-expanded") === "true";
  const openPath: string[] = [];
  const menu = navigation.filter(isNavMenu).find((entry) => expanded(buttonId(entry.id)));
  if (menu) {
    openPath.push(menu.id);
    const group = menu.groups.find((entry) => expanded(buttonId(entry.id)));
    if (group) openPath.push(group.id);
  }
  return { menuOpen: expanded(MENU_TOGGLE_ID), openPath };
}

/**
 * The WAI-ARIA disclosure navigation: buttons with aria-expanded open the
 * submenus. `openPath` holds the open submenus from the outside in, so Escape
 * can close the innermost one and hand focus back to its button.
 */
export function SiteHeader({
  currentPath,
  companyName,
  services,
  switcher,
  language = DEFAULT_LANGUAGE,
  words = navigationWords,
  translated = [],
}: {
  /** The page's path, in its language. */
  currentPath: string;
  companyName: string;
  /** The services the menu lists: the published catalog's. */
  services: readonly ServiceLink[];
  /** The link to the page in the other language, where it has one. */
  switcher?: LanguageSwitch | undefined;
  /** Given on a page in another language than English: its language, its words, the pages translated into it. */
  language?: Language;
  words?: NavigationWords;
  translated?: readonly string[];
}) {
  const localPath = localPathIn(language, translated);
  const navigation = localized(mainNavigation(services, words), localPath);
  const [initial] = useState(() => openedBeforeWaking(navigation));
  const [menuOpen, setMenuOpen] = useState(initial.menuOpen);
  const [openPath, setOpenPath] = useState<string[]>(initial.openPath);
  const [enhanced, setEnhanced] = useState(false);
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => setEnhanced(true), []);

  const closeAll = () => {
    setMenuOpen(false);
    setOpenPath([]);
  };

  const anythingOpen = menuOpen || openPath.length > 0;
  useEffect(() => {
    if (!anythingOpen) return;
    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (navRef.current?.contains(event.target as Node)) return;
      setMenuOpen(false);
      setOpenPath([]);
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePointer);
  }, [anythingOpen]);

  // A submenu the pointer has just opened stays open when that same pointer then
  // clicks its button; otherwise hover and click together would shut it at once.
  const openedByHover = useRef(new Set<string>());

  const toggle = (id: string, depth: number) => {
    if (openedByHover.current.delete(id)) return;
    setOpenPath((current) => (current[depth] === id ? current.slice(0, depth) : [...current.slice(0, depth), id]));
  };

  const hover = (id: string, depth: number, entering: boolean) => {
    if (!window.matchMedia(DESKTOP_QUERY).matches) return;
    if (entering) {
      if (openPath[depth] !== id) openedByHover.current.add(id);
    } else {
      openedByHover.current.delete(id);
    }
    setOpenPath((current) => (entering ? [...current.slice(0, depth), id] : current.slice(0, depth)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== "Escape") return;
    const innermost = openPath.at(-1);
    if (innermost) {
      setOpenPath(openPath.slice(0, -1));
      document.getElementById(buttonId(innermost))?.focus();
    } else if (menuOpen) {
      setMenuOpen(false);
      document.getElementById(MENU_TOGGLE_ID)?.focus();
    } else {
      return;
    }
    event.preventDefault();
  };

  // Following any link in the menu closes it, even a link to the page already shown.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as Element).closest("a")) closeAll();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!navRef.current?.contains(event.relatedTarget as Node | null)) setOpenPath([]);
  };

  const menuProps: MenuProps = { currentPath, openPath, onToggle: toggle, onHover: hover };
  const servicesPath = localPath(paths.services);
  const inServices = currentPath === servicesPath || currentPath.startsWith(`${servicesPath}/`);

  return (
    <header className="site-header">
      <div className="site-header__bar container">
        <a href={localPath(paths.home)} className="site-header__brand">
          <Logo name={companyName} />
        </a>
        <nav
          ref={navRef}
          className="site-nav"
          aria-label={words.mainMenu}
          data-enhanced={enhanced ? "" : undefined}
          onKeyDown={onKeyDown}
          onClick={onClick}
          onBlur={onBlur}
        >
          <button
            type="button"
            id={MENU_TOGGLE_ID}
            className="site-nav__toggle"
            aria-expanded={menuOpen}
            aria-controls="main-menu"
            onClick={() => {
              setMenuOpen(!menuOpen);
              setOpenPath([]);
            }}
          >
            {/* Both icons, shown by aria-expanded, so the button looks right before the header wakes too. */}
            <span className="site-nav__toggle-icon site-nav__toggle-icon--closed">
              <Icon name="menu" />
            </span>
            <span className="site-nav__toggle-icon site-nav__toggle-icon--open">
              <Icon name="close" />
            </span>
            <span>{words.menu}</span>
          </button>
          <ul id="main-menu" className="site-nav__list" data-open={menuOpen ? "" : undefined}>
            {navigation.map((entry) =>
              isNavMenu(entry) ? (
                <MenuItem key={entry.id} menu={entry} current={inServices} {...menuProps} />
              ) : (
                <li key={entry.to} className="site-nav__item">
                  <MenuLink link={entry} currentPath={currentPath} className="site-nav__link" />
                </li>
              ),
            )}
          </ul>
        </nav>
        {switcher && <LanguageSwitchLink {...switcher} />}
        <a href={localPath(paths.quote)} className="button button--primary site-header__quote">
          {words.quote}
        </a>
      </div>
    </header>
  );
}

/** The navigation with each link in the page's language where that page is translated. */
function localized(navigation: NavEntry[], localPath: LocalPath): NavEntry[] {
  const link = (entry: NavLinkEntry) => ({ ...entry, to: localPath(entry.to) });
  return navigation.map((entry) =>
    isNavMenu(entry)
      ? {
          ...entry,
          links: entry.links.map(link),
          groups: entry.groups.map((group) => ({ ...group, links: group.links.map(link) })),
        }
      : link(entry),
  );
}

function buttonId(menuId: string) {
  return `${menuId}-menu-button`;
}

type MenuProps = {
  currentPath: string;
  openPath: string[];
  onToggle: (id: string, depth: number) => void;
  onHover: (id: string, depth: number, entering: boolean) => void;
};

function MenuItem({ menu, current, ...menuProps }: MenuProps & { menu: NavMenu; current: boolean }) {
  const { currentPath, openPath, onToggle, onHover } = menuProps;
  const open = openPath[0] === menu.id;
  return (
    <li
      className="site-nav__item site-nav__item--menu"
      onPointerEnter={(event) => event.pointerType === "mouse" && onHover(menu.id, 0, true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && onHover(menu.id, 0, false)}
    >
      <DisclosureButton
        id={menu.id}
        label={menu.label}
        open={open}
        current={current}
        onClick={() => onToggle(menu.id, 0)}
      />
      <ul id={`${menu.id}-menu`} className="submenu" data-open={open ? "" : undefined}>
        {menu.links.map((link) => (
          <li key={link.to}>
            <MenuLink link={link} currentPath={currentPath} className="submenu__link" />
          </li>
        ))}
        {menu.groups.map((group) => (
          <GroupItem key={group.id} group={group} {...menuProps} />
        ))}
      </ul>
    </li>
  );
}

function GroupItem({ group, currentPath, openPath, onToggle, onHover }: MenuProps & { group: NavGroup }) {
  const open = openPath[1] === group.id;
  return (
    <li
      className="submenu__group"
      onPointerEnter={(event) => event.pointerType === "mouse" && onHover(group.id, 1, true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && onHover(group.id, 1, false)}
    >
      <DisclosureButton id={group.id} label={group.label} open={open} onClick={() => onToggle(group.id, 1)} nested />
      <ul id={`${group.id}-menu`} className="submenu submenu--nested" data-open={open ? "" : undefined}>
        {group.links.map((link) => (
          <li key={link.to}>
            <MenuLink link={link} currentPath={currentPath} className="submenu__link" />
          </li>
        ))}
      </ul>
    </li>
  );
}

type DisclosureButtonProps = {
  id: string;
  label: string;
  open: boolean;
  current?: boolean;
  nested?: boolean;
  onClick: () => void;
};

function DisclosureButton({ id, label, open, current, nested, onClick }: DisclosureButtonProps) {
  return (
    <button
      type="button"
      id={buttonId(id)}
      className={nested ? "submenu__button" : "site-nav__link site-nav__button"}
      aria-expanded={open}
      aria-controls={`${id}-menu`}
      data-current={current ? "" : undefined}
      onClick={onClick}
    >
      {label}
      <Icon name={nested ? "chevron-right" : "chevron-down"} />
    </button>
  );
}

function MenuLink({ link, currentPath, className }: { link: NavLinkEntry; currentPath: string; className: string }) {
  return (
    <CurrentLink to={link.to} currentPath={currentPath} className={className}>
      {link.label}
    </CurrentLink>
  );
}
