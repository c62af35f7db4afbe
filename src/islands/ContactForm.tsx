/** The contact page's form. Posts to the relay; works as a plain form without script. */
export interface ContactFormProps {
  action: string;
  services: { value: string; label: string }[];
}

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
const label = "block text-sm font-medium text-ink";

export default function ContactForm({ action, services }: ContactFormProps) {
  return (
    <form action={action} method="post" className="grid gap-4 sm:grid-cols-2">
      <div>
        <label htmlFor="contact-name" className={label}>Full Name <span aria-hidden="true" className="text-accent-700">*</span></label>
        <input id="contact-name" name="name" type="text" required autoComplete="name" className={field} />
      </div>
      <div>
        <label htmlFor="contact-email" className={label}>Email Address <span aria-hidden="true" className="text-accent-700">*</span></label>
        <input id="contact-email" name="email" type="email" required autoComplete="email" className={field} />
      </div>
      <div>
        <label htmlFor="contact-phone" className={label}>Phone Number</label>
        <input id="contact-phone" name="phone" type="tel" autoComplete="tel" className={field} />
      </div>
      <div>
        <label htmlFor="contact-service" className={label}>Service Type</label>
        <select id="contact-service" name="service" defaultValue="" className={field}>
          <option value="">Select a service</option>
          {services.map((s) => (
            <option key={s.value} value={s.value}>{s.label}</option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="contact-message" className={label}>Message <span aria-hidden="true" className="text-accent-700">*</span></label>
        <textarea id="contact-message" name="message" rows={5} required className={field} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-accent-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-accent-800 sm:w-auto">
          Send Message
        </button>
      </div>
    </form>
  );
}
