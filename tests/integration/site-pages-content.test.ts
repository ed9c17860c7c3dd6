import { beforeAll, describe, expect, test } from "vitest";
import { homeSeed } from "../../app/site/content/home.ts";
import { formFields, openEditor, publish, save } from "./support/site-editor.ts";
import { account, ask, cleanUpStaffSites, form, type Site, session, site } from "./support/staff-sites.ts";

// The pages' texts the company edits (home, FAQ, privacy, billing): their
// forms drawn from the items' shapes, their lists reordered without script,
// their Markdown and links checked, and what visitors then get.

cleanUpStaffSites();

let server: Site;
let owner: string;

beforeAll(async () => {
  server = await site();
  owner = await session(server, await account(server));
});

const post = (item: string, fields: Record<string, string>, cookie = owner) =>
  ask(server, `/inbox/site/${item}`, form(fields), { Cookie: cookie });

const publicPage = async (path: string) => (await ask(server, path)).text();

describe("the home page's texts", () => {
  test("a testimonial added and moved to the top comes back in the form unsaved, then is published in its place", async () => {
    const opened = await openEditor(server, owner, "home");
    expect(opened.heading).toBe(homeSeed.heading);
    expect(opened["testimonials.2.name"]).toBe(homeSeed.testimonials[2]?.name);

    const added = await post("home", { ...opened, intent: "add:testimonials" });
    expect(added.status).toBe(200);
    const withNew = formFields(await added.text());
    expect(withNew["testimonials.3.name"]).toBe("");
    const filled = {
      ...withNew,
      heading: "Boxes that sell your sweets",
      "testimonials.3.name": "Kiran Bakers",
      "testimonials.3.role": "A bakery in Mohali",
      "testimonials.3.quote": "Our boxes came in a week.",
    };
    const moved = formFields(await (await post("home", { ...filled, intent: "up:testimonials.3" })).text());
    expect(moved["testimonials.2.name"]).toBe("Kiran Bakers");
    expect(moved.heading).toBe("Boxes that sell your sweets");
    expect(await publicPage("/")).not.toContain("Kiran Bakers");

    expect((await save(server, owner, moved, "home")).status).toBe(303);
    expect(await publicPage("/")).not.toContain("Kiran Bakers");
    expect((await publish(server, owner, "home")).status).toBe(303);
    const home = await publicPage("/");
    expect(home).toContain("Boxes that sell your sweets");
    const order = ["Riya Sharma", "Arjun Mehta", "Kiran Bakers", "Neha Gupta"].map((name) => home.indexOf(name));
    expect(order.every((at, index) => at > 0 && (index === 0 || at > (order[index - 1] as number)))).toBe(true);
  });

  test("a button's page must be a page of the site, and a heading may not be empty: each refusal beside its field, nothing typed lost", async () => {
    const opened = await openEditor(server, owner, "home");
    const refused = await save(
      server,
      owner,
      { ...opened, heading: "", primaryPage: "/no-such-page", kicker: "Kept as typed" },
      "home",
    );
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toMatch(/id="item-heading-error"[^>]*>Fill this in\./);
    expect(page).toMatch(/id="item-primaryPage-error"[^>]*>This is not a page of this site/);
    expect(formFields(page).kicker).toBe("Kept as typed");
  });
});

describe("the FAQ's Markdown", () => {
  test("script typed into an answer is shown as text, bold as bold, and a link to a page that does not exist is refused", async () => {
    const opened = await openEditor(server, owner, "faq");
    const broken = await save(server, owner, { ...opened, "questions.0.answer": "See [our prices](/prices)." }, "faq");
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("A link goes to a page that does not exist");

    const answer = 'Yes, **from 500 pieces**. <script>alert("x")</script> See [cake boxes](/services/cake).';
    expect((await save(server, owner, { ...opened, "questions.0.answer": answer }, "faq")).status).toBe(303);
    expect((await publish(server, owner, "faq")).status).toBe(303);
    const faq = await publicPage("/faq");
    expect(faq).toContain("<strong>from 500 pieces</strong>");
    expect(faq).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(faq).not.toContain('<script>alert("x")');
    expect(faq).toContain('<a href="/services/cake">cake boxes</a>');
    const data = [...faq.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) =>
        JSON.parse(match[1] as string) as { "@type": string; mainEntity?: { acceptedAnswer: { text: string } }[] },
    );
    const answers = data.find((entry) => entry["@type"] === "FAQPage")?.mainEntity;
    expect(answers?.[0]?.acceptedAnswer.text).toBe('Yes, from 500 pieces. <script>alert("x")</script> See cake boxes.');
  });
});

describe("the privacy notice", () => {
  test("a placeholder it does not know is refused; ticked as reviewed, the page drops its draft note", async () => {
    expect(await publicPage("/privacy")).toContain("to be reviewed by the company’s lawyer");
    const opened = await openEditor(server, owner, "privacy");
    const unknown = await save(server, owner, { ...opened, "sections.0.body": "We keep it {forever}." }, "privacy");
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("A placeholder in braces is not one of those listed above.");
    expect((await save(server, owner, { ...opened, reviewed: "on" }, "privacy")).status).toBe(303);
    await publish(server, owner, "privacy");
    const privacy = await publicPage("/privacy");
    expect(privacy).not.toContain("to be reviewed by the company’s lawyer");
    expect(privacy).toMatch(/\d+ days after it arrived/);
  });
});

describe("who may change what", () => {
  test("staff may save a page's draft but not publish it, nor change the billing settings", async () => {
    const staff = await session(server, await account(server, "staff"));
    const opened = await openEditor(server, staff, "about");
    expect((await save(server, staff, { ...opened, facilities: "Two new presses" }, "about")).status).toBe(303);
    expect((await publish(server, staff, "about")).status).toBe(403);
    expect(await publicPage("/about")).not.toContain("Two new presses");
    const billing = await openEditor(server, staff, "billing");
    expect((await save(server, staff, { ...billing, upiId: "staff@okaxis" }, "billing")).status).toBe(403);
  });

  test("without a session every editor sends to the sign-in page, and an unknown item is not found", async () => {
    for (const item of ["home", "about", "product", "faq", "terms", "privacy", "billing"]) {
      const answer = await ask(server, `/inbox/site/${item}`);
      expect(answer.status, item).toBe(303);
      expect(answer.headers.get("location"), item).toBe("/inbox/sign-in");
      expect((await post(item, { intent: "save" }, "")).status, item).toBe(303);
    }
    expect((await ask(server, "/inbox/site/no-such-item", {}, { Cookie: owner })).status).toBe(404);
  });
});

describe("the billing settings", () => {
  test("an IFSC and a UPI ID of the wrong form are refused; good ones are saved", async () => {
    const opened = await openEditor(server, owner, "billing");
    const refused = await save(server, owner, { ...opened, ifsc: "SBIN1234", upiId: "not a upi id" }, "billing");
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain("Enter the 11-character IFSC");
    expect(page).toContain("Enter a UPI ID, such as company@okaxis.");
    expect((await save(server, owner, { ...opened, upiId: "printpack@okaxis" }, "billing")).status).toBe(303);
  });
});
