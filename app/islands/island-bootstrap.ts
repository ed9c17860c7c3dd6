/**
 * The page's one script, written inline into the HTML: it costs no request,
 * and nothing is fetched until an island is needed. It watches each island as
 * its wrapper says (`Island`: `data-wake`, from the registry) and, when it is
 * needed, asks for all the chunks the wrapper lists at once (modulepreload)
 * and imports the first, the entry, which hydrates it (`wakeIsland`): one
 * round trip, never a chain. Until the island is hydrated this script stands
 * in for it: a disclosure button (aria-expanded) opens and closes its panel as
 * the island would, and any other button's click is kept and made again once
 * the island runs, so nothing the visitor does is lost.
 *
 * The wrapper records where the island is (`data-island-state`): "waking"
 * once its scripts are asked for, "hydrating" from the moment React handles
 * its events, "awake" once it has rendered.
 *
 * The function is sent as its source text, so it uses nothing from outside
 * itself and holds no comment but the one that tells Vite, which cannot know
 * the entry's address while serving development pages, to leave the import be.
 */
function wakeOnNeed() {
  const panelOf = (button: Element) => document.getElementById(button.getAttribute("aria-controls") ?? "");
  const setOpen = (button: Element, open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    panelOf(button)?.toggleAttribute("data-open", open);
  };
  const toggle = (root: HTMLElement, button: Element) => {
    const open = button.getAttribute("aria-expanded") !== "true";
    for (const other of root.querySelectorAll('[aria-expanded="true"]')) {
      const inside = open ? !panelOf(other)?.contains(button) : panelOf(button)?.contains(other);
      if (other !== button && inside) setOpen(other, false);
    }
    setOpen(button, open);
  };
  for (const root of document.querySelectorAll<HTMLElement>("[data-island]")) {
    const pending: Element[] = [];
    const chunks = root.dataset.chunks?.split(" ") ?? [];
    const wake = () => {
      if (root.dataset.islandState || !chunks[0]) return;
      root.dataset.islandState = "waking";
      for (const href of chunks) {
        document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));
      }
      import(/* @vite-ignore */ chunks[0]).then((entry) => entry.wakeIsland(root, pending));
    };
    root.addEventListener("click", (event) => {
      const button = (event.target as Element).closest("button");
      if (/^(hydrating|awake)$/.test(root.dataset.islandState ?? "") || !button) return;
      if (button.matches("[aria-controls][aria-expanded]")) toggle(root, button);
      else if (button.type === "button") pending.push(button);
      wake();
    });
    if (root.dataset.wake === "visible" && root.firstElementChild) {
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        wake();
      });
      observer.observe(root.firstElementChild);
    } else if (root.dataset.wake === "interaction") {
      for (const type of ["pointerdown", "touchstart", "keydown", "focusin", "input"]) {
        root.addEventListener(type, wake, { capture: true, passive: true });
      }
    } else {
      wake();
    }
  }
}

/** The inline script that wakes a page's islands; the same on every page of every build. */
export const islandBootstrap = `(${wakeOnNeed.toString()})()`;
