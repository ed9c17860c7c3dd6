/**
 * A phone number as typed into the form, in international digits (country
 * code first, no plus), read the way an Indian visitor writes it: a 10-digit
 * number gets India's 91, a leading trunk 0 becomes 91, and a number written
 * with + or 00 keeps the country it names. Undefined when what is left cannot
 * be a number (fewer than 8 or more than 15 digits).
 */
export function internationalDigits(phone: string): string | undefined {
  const written = phone.trim();
  let digits = written.replace(/\D/g, "");
  if (written.startsWith("+")) {
    // Already international.
  } else if (digits.startsWith("00")) {
    digits = digits.slice(2);
  } else if (digits.length === 10 && !digits.startsWith("0")) {
    digits = `91${digits}`;
  } else if (digits.length === 11 && digits.startsWith("0")) {
    digits = `91${digits.slice(1)}`;
  }
  return digits.length >= 8 && digits.length <= 15 ? digits : undefined;
}

/** tel: link that a phone dials as written, with the country code. */
export function telUrl(phone: string): string | undefined {
  const digits = internationalDigits(phone);
  return digits && `tel:+${digits}`;
}

/** WhatsApp's click-to-chat address for the number. */
export function whatsAppUrl(phone: string): string | undefined {
  const digits = internationalDigits(phone);
  return digits && `https://wa.me/${digits}`;
}

/**
 * mailto: link with the subject filled in. The address is percent-encoded but
 * for its @, so characters such as ? & % # in it cannot start a query.
 */
export function mailtoUrl(address: string, subject?: string, body?: string): string {
  const to = `mailto:${encodeURIComponent(address).replace("%40", "@")}`;
  const query = [
    ...(subject === undefined ? [] : [`subject=${encodeURIComponent(subject)}`]),
    ...(body === undefined ? [] : [`body=${encodeURIComponent(body)}`]),
  ];
  return query.length === 0 ? to : `${to}?${query.join("&")}`;
}
