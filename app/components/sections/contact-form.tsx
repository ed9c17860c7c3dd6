import { Form } from "react-router";
import { contactFields } from "../../content/contact-form.ts";
import "./contact-form.css";

export function ContactForm() {
  return (
    <Form method="post" className="contact-form">
      {contactFields.map((field) => (
        <div key={field.name} className={`field field--${field.name}`}>
          <label htmlFor={`contact-${field.name}`}>{field.label}</label>
          {field.name === "message" ? (
            <textarea
              id={`contact-${field.name}`}
              name={field.name}
              placeholder={field.placeholder}
              required
              rows={6}
            />
          ) : (
            <input
              id={`contact-${field.name}`}
              name={field.name}
              type={field.name === "email" ? "email" : "text"}
              inputMode={field.name === "phone_number" ? "tel" : undefined}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              required
            />
          )}
        </div>
      ))}
      <button type="submit" className="button button--primary">
        Send Message
      </button>
    </Form>
  );
}
