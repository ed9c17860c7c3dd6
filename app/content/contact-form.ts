/** The contact form's fields, in order, with the hint texts of the specification. */
export const contactFields = [
  { name: "name", label: "Your name", placeholder: "Please enter your name", autoComplete: "name" },
  { name: "email", label: "E-mail address", placeholder: "Please enter your email", autoComplete: "email" },
  { name: "phone_number", label: "Phone number", placeholder: "Please enter your number", autoComplete: "tel" },
  { name: "msg_subject", label: "Subject", placeholder: "Please enter your subject", autoComplete: "off" },
  { name: "message", label: "Message", placeholder: "Write your message", autoComplete: "off" },
] as const;

export type ContactFieldName = (typeof contactFields)[number]["name"];
