/** The home hero's quote form. Posts to the relay; works as a plain form without script. */
export interface QuoteFormProps {
  action: string;
}

const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30";
const label = "block text-sm font-medium text-ink";

export default function QuoteForm({ action }: QuoteFormProps) {
  return (
    <form action={action} method="post" className="grid gap-4">
      <div>
        <label htmlFor="quote-name" className={label}>Full Name <span aria-hidden="true" className="text-accent-700">*</span></label>
        <input id="quote-name" name="name" type="text" required autoComplete="name" className={field} />
      </div>
      <div>
        <label htmlFor="quote-email" className={label}>Email Address <span aria-hidden="true" className="text-accent-700">*</span></label>
        <input id="quote-email" name="email" type="email" required autoComplete="email" className={field} />
      </div>
      <div>
        <label htmlFor="quote-phone" className={label}>Phone</label>
        <input id="quote-phone" name="phone" type="tel" autoComplete="tel" className={field} />
      </div>
      <div>
        <label htmlFor="quote-address" className={label}>Property Address</label>
        <input id="quote-address" name="address" type="text" autoComplete="address-line1" className={field} />
      </div>
      <div>
        <label htmlFor="quote-message" className={label}>Message</label>
        <textarea id="quote-message" name="message" rows={3} className={field} />
      </div>
      <button type="submit" className="inline-flex min-h-12 items-center justify-center rounded-lg bg-accent-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-accent-800">
        Get My Free Quote
      </button>
    </form>
  );
}
