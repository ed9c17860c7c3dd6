/**
 * The import rules between the rooms of the code (docs/architecture.md),
 * checked by `npm run lint`. Paths are the files as resolved, so a rule holds
 * however an import is spelled.
 */

/** The public modules the staff area may use: the company's details and billing, addresses, the page frame's helpers, the quotation's summary. */
const sharedWithStaff = [
  "app/site/content/site.ts",
  "app/site/content/urls.ts",
  "app/site/content/billing.ts",
  "app/site/lib/meta.ts",
  "app/site/components/status/status-panel.tsx",
  "app/site/components/quotation/quotation-summary.tsx",
  "app/site/components/quotation/quotation-options-summary.tsx",
];

const exactly = (files) => `^(${files.map((file) => file.replaceAll(".", "\\.")).join("|")})$`;

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment:
        "No module depends on itself through others, type imports included: a cycle ties two rooms into one, " +
        "and at run time can hand a module another that has not finished loading.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "public-site-never-imports-staff-area",
      comment: "Nothing of the staff area may reach a public page or its scripts.",
      severity: "error",
      from: { path: "^app/site/" },
      to: { path: "^app/staff/" },
    },
    {
      name: "staff-area-uses-only-shared-public-modules",
      comment: `The staff area reaches the public site only through: ${sharedWithStaff.join(", ")}.`,
      severity: "error",
      from: { path: "^app/staff/" },
      to: { path: "^app/site/", pathNot: exactly(sharedWithStaff) },
    },
    {
      name: "domain-code-without-react",
      comment: "Store and domain code (app/server) never import React or React Router: HTTP answers belong to routes.",
      severity: "error",
      from: { path: "^app/server/" },
      to: { path: "(^|/)node_modules/(react|react-dom|react-router|@react-router/[^/]+)/" },
    },
    {
      name: "domain-code-imports-only-domain-code",
      comment:
        "Domain and store code (app/server) imports only itself, packages and Node's own modules: an area's words, " +
        "addresses and catalog are handed in by its caller (a route, or app/service-content.server.ts at start).",
      severity: "error",
      from: { path: "^app/server/" },
      // Packages as resolved: under node_modules, wherever that folder is.
      to: { pathNot: "^app/server/|(^|/)node_modules/", dependencyTypesNot: ["core"] },
    },
    {
      name: "content-imports-only-content",
      comment:
        "Content (app/site/content, app/staff/content) is typed data: it imports other content, and the ids and " +
        "shapes its words are keyed by from the domain's pure vocabulary modules (app/server/**/*.ts, never *.server.ts).",
      severity: "error",
      from: { path: "^app/(site|staff)/content/" },
      to: { pathNot: "^(app/(site|staff)/content/|app/server/.+(?<!\\.server)\\.ts$)", couldNotResolve: false },
    },
    {
      name: "browser-code-never-imports-server-modules",
      comment: "Components, content, helpers and islands reach the browser; *.server.ts modules must never.",
      severity: "error",
      from: { path: "^app/(islands|(site|staff)/(components|content|lib))/", pathNot: "\\.server\\.tsx?$" },
      to: { path: "\\.server\\.tsx?$" },
    },
    {
      name: "islands-frame-imports-no-area",
      comment:
        "Island, its registry and the page's scripts are shared by both areas: only a loader in app/islands/load/ " +
        "names a component of an area, so a staff page's island never pulls in the public site's modules.",
      severity: "error",
      from: { path: "^app/islands/", pathNot: "^app/islands/load/" },
      to: { path: "^app/(site|staff)/" },
    },
    {
      name: "nothing-imports-a-route",
      comment: "Route modules are leaves: app/routes.ts names them, nothing imports them.",
      severity: "error",
      from: {},
      to: { path: "^app/(site|staff)/routes/" },
    },
    {
      name: "http-layer-never-imports-pages",
      comment: "The Express layer (server/, server.ts) answers through React Router, never by importing pages.",
      severity: "error",
      from: { path: "^(server/|server\\.ts$)" },
      to: { path: "^app/((site|staff)/(components|routes)/|islands/|root\\.tsx$)" },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API for the cruiser to parse with; swc reads TypeScript.
    parser: "swc",
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)(build[^/]*|\\.react-router)/", "\\.test\\.tsx?$"] },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".mjs", ".js", ".d.ts"],
      conditionNames: ["import", "node", "default", "types"],
      exportsFields: ["exports"],
      mainFields: ["module", "main", "types"],
    },
  },
};
