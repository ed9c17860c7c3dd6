import { contactFormExtras } from "../../app/server/contact/contact-spec.ts";

/** Opens the contact page once, as a browser would, and takes the signed token its form carries. */
export async function contactFormToken(siteUrl: string): Promise<string> {
  const response = await fetch(`${siteUrl}/contact`);
  const html = await response.text();
  const token = new RegExp(`name="${contactFormExtras.token}" value="([^"]+)"`).exec(html)?.[1];
  if (!response.ok || !token) throw new Error(`No form token on ${siteUrl}/contact (${response.status})`);
  return token;
}

/**
 * The n-th form sent with one token. The server stores a form once per token and
 * content (its submission key), so the message carries n: each post is a new
 * inquiry, stored and queued for mail, rather than a duplicate answered from the
 * first one.
 */
export function contactFormBody(token: string, n: number): string {
  return new URLSearchParams({
    name: `Load Test ${n}`,
    email: `load.${n}@example.com`,
    phone_number: "+91 98765 43210",
    msg_subject: "Quote for mono cartons",
    message: `We need 2,000 printed mono cartons, 120 x 80 x 40 mm, four colours. Request ${n}.`,
    [contactFormExtras.honeypot]: "",
    [contactFormExtras.token]: token,
  }).toString();
}
