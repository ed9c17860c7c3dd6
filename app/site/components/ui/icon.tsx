/** Line icons on a 24-unit grid, drawn for this site. Decorative: the text beside them names the action. */
const paths = {
  menu: "M4 7h16M4 12h16M4 17h16",
  close: "M6 6l12 12M18 6 6 18",
  "chevron-down": "m7 10 5 5 5-5",
  "chevron-right": "m10 7 5 5-5 5",
  "chevron-left": "m14 7-5 5 5 5",
  "arrow-right": "M5 12h14m-5-5 5 5-5 5",
  phone: "M6.5 3.5h3l1.5 4-2 1.5a11 11 0 0 0 6 6l1.5-2 4 1.5v3a2 2 0 0 1-2 2A16 16 0 0 1 4.5 5.5a2 2 0 0 1 2-2z",
  mail: "M3.5 6.5h17v11h-17zm0 0 8.5 6.5 8.5-6.5",
  "map-pin": "M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  clock: "M12 3.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17zM12 7.5V12l3 2",
  whatsapp:
    "M4 20l1.3-4A8 8 0 1 1 8.5 19zm5-12.5c-.5 0-1 .7-1 1.6 0 2.5 3 5.8 6 6.4.9.2 1.7-.5 1.7-1.1l-.2-.6-1.8-.8-.8.9c-1.2-.5-2.2-1.4-2.8-2.6l.8-.9-.7-1.9z",
  facebook: "M14.5 3.5h2.5v3.5h-2c-.6 0-1 .4-1 1v2.5h3l-.5 3.5H14v7h-3.5v-7H8V10.5h2.5V7.5a4 4 0 0 1 4-4z",
  instagram:
    "M7.5 3.5h9a4 4 0 0 1 4 4v9a4 4 0 0 1-4 4h-9a4 4 0 0 1-4-4v-9a4 4 0 0 1 4-4zM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM17 6.8v.1",
  linkedin:
    "M4.5 9.5h3v10h-3zM6 4.5v.1M10.5 19.5v-10h3v1.5c.7-1.1 1.8-1.7 3.2-1.7 2.1 0 3.3 1.4 3.3 4v6.2h-3V14c0-1.3-.5-2-1.6-2-1.2 0-1.9.8-1.9 2.2v5.3z",
  youtube: "M3.5 8.5c0-1.7 1.3-3 3-3h11c1.7 0 3 1.3 3 3v7c0 1.7-1.3 3-3 3h-11c-1.7 0-3-1.3-3-3zm7 .5v6l5-3z",
  play: "M8 5.5v13l10.5-6.5z",
  pause: "M8 5.5v13M16 5.5v13",
  check: "m5 12.5 4.5 4.5L19 7.5",
  layers: "m12 3.5 8.5 4.5-8.5 4.5-8.5-4.5zm-8.5 8.5 8.5 4.5 8.5-4.5m-17 4 8.5 4.5 8.5-4.5",
  truck:
    "M2.5 6.5h11v9h-11zm11 3h4l3 3v3h-7zM7 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zm10 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  leaf: "M5 19c0-8 5-13.5 14.5-14 .5 9.5-5 14.5-13 14.5M5 19l7-7",
  rupee: "M7 4.5h10M7 9h10M7 4.5h3.5a4.5 4.5 0 0 1 0 9H7l8 6.5",
  alert: "M12 3.5 21.5 20h-19zM12 10v4.5m0 2.5v.1",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}
