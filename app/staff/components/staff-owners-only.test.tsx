import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider, useRouteError } from "react-router";
import { describe, expect, test, vi } from "vitest";
import { ErrorBoundary } from "../../root.tsx";

/** The root's boundary, handed the error as the framework hands it; params and loader data play no part here. */
function RootBoundary() {
  return <ErrorBoundary error={useRouteError()} params={{}} loaderData={undefined} />;
}

/** Never drawn: its loader always refuses. */
function NoPage() {
  return null;
}

/** The page the root's error boundary draws when a loader at this address refuses with this status. */
async function refusedPage(pathname: string, status: number): Promise<string> {
  const routes = [
    {
      id: "root",
      path: "/",
      ErrorBoundary: RootBoundary,
      children: [
        {
          path: "*",
          Component: NoPage,
          loader: () => {
            throw data(null, { status });
          },
        },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://127.0.0.1:3000${pathname}`));
  if (context instanceof Response) throw new Error(`Unexpected answer ${context.status}`);
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
}

describe("a page only an owner may use, as staff meet it", () => {
  test("says so in the staff area's words, with the ways on", async () => {
    const html = await refusedPage("/inbox/site", 403);
    expect(html).toContain("Error 403");
    expect(html).toContain("Only an owner may do this");
    expect(html).toContain("Your account is a staff account.");
    expect(html).toContain('href="/inbox"');
    expect(html).toContain('href="/inbox/account"');
  });

  test("is the staff area's alone: elsewhere a 403 is the site's error page", async () => {
    // In development the boundary logs what it could not place; here that is the point.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = await refusedPage("/quote", 403);
    logged.mockRestore();
    expect(html).toContain("Error 403");
    expect(html).not.toContain("Only an owner");
  });
});
