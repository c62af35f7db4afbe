// Written by `npm run build` from content/ and src/templates/BookingPage.tsx, BookingEmails.tsx (src/build/booking-markup.tsx): do not edit.
// The booking's page and emails, with slots the relay fills (src/relay/booking/page.ts, emails.ts).
export const BOOKING_MARKUP = {
  "gst": "Includes GST of gst.",
  "page": {
    "page": "<!DOCTYPE html><html lang=\"en-AU\"><head><meta charSet=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><meta name=\"robots\" content=\"noindex\"/><meta name=\"referrer\" content=\"same-origin\"/><title>title</title><style>/*! tailwindcss v4.3.5 | MIT License | https://tailwindcss.com */\n@layer theme;@layer base{*,:after,:before,::backdrop{box-sizing:border-box;border:0 solid;margin:0;padding:0}html,:host{-webkit-text-size-adjust:100%;tab-size:4;font-feature-settings:initial;font-variation-settings:initial;-webkit-tap-highlight-color:transparent;font-family:ui-sans-serif,system-ui,-apple-system,Segoe UI,Roboto,Helvetica Neue,Arial,Noto Sans,sans-serif;line-height:1.5}h1,h2,h3,h4{font-size:inherit;font-weight:inherit}a{color:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit;text-decoration:inherit}b,strong{font-weight:bolder}:-moz-focusring:where(:not(iframe)){outline:auto}summary{display:list-item}ol,ul{list-style:none}img,svg{vertical-align:middle;display:block}img{max-width:100%;height:auto}button,input,select{font:inherit;font-feature-settings:inherit;font-variation-settings:inherit;letter-spacing:inherit;color:inherit;opacity:1;background-color:#0000;border-radius:0}::placeholder{opacity:1}@supports (not ((-webkit-appearance:-apple-pay-button))) or (contain-intrinsic-size:1px){::placeholder{color:color-mix(in oklab, currentcolor 50%, transparent)}}:-moz-ui-invalid{box-shadow:none}button,input:where([type=button],[type=reset],[type=submit]){appearance:button}[hidden]:where(:not([hidden=until-found])){display:none!important}html{scroll-padding:5.5rem 0 calc(4rem + env(safe-area-inset-bottom))}@media not all and (min-height:40em),not (min-width:19em){html{scroll-padding:1rem 0}}body{color:#334155;-webkit-font-smoothing:antialiased;-moz-osx-font-smoothing:grayscale;background-color:#fff}@media not all and (min-width:20em){body{overflow-wrap:anywhere}}h1,h2,h3,h4{text-wrap:balance;color:#0f172a}:focus-visible{outline-offset:2px;outline:3px solid #7c3aed}@media (prefers-reduced-motion:no-preference){html:focus-within{scroll-behavior:smooth}}}@layer components;@layer utilities{.mx-auto{margin-inline:auto}.mt-0\\.5{margin-top:.125rem}.mt-1{margin-top:.25rem}.mt-2{margin-top:.5rem}.mt-3{margin-top:.75rem}.mt-4{margin-top:1rem}.mt-6{margin-top:1.5rem}.mt-10{margin-top:2.5rem}.flex{display:flex}.grid{display:grid}.inline-flex{display:inline-flex}.h-5{height:1.25rem}.min-h-11{min-height:2.75rem}.min-h-12{min-height:3rem}.w-5{width:1.25rem}.w-full{width:100%}.max-w-3xl{max-width:48rem}.min-w-0{min-width:0}.flex-1{flex:1}.shrink-0{flex-shrink:0}.cursor-pointer{cursor:pointer}.list-disc{list-style-type:disc}.grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}.items-center{align-items:center}.items-start{align-items:flex-start}.justify-center{justify-content:center}.gap-0\\.5{gap:.125rem}.gap-2{gap:.5rem}.gap-3{gap:.75rem}.gap-6{gap:1.5rem}:where(.divide-y>:not(:last-child)){--tw-divide-y-reverse:0;border-bottom-style:var(--tw-border-style);border-top-style:var(--tw-border-style);border-top-width:calc(1px * var(--tw-divide-y-reverse));border-bottom-width:calc(1px * calc(1 - var(--tw-divide-y-reverse)))}:where(.divide-slate-200>:not(:last-child)){border-color:#e2e8f0}.rounded-lg{border-radius:.5rem}.rounded-xl{border-radius:.75rem}.border{border-style:var(--tw-border-style);border-width:1px}.border-t{border-top-style:var(--tw-border-style);border-top-width:1px}.border-l-4{border-left-style:var(--tw-border-style);border-left-width:4px}.border-brand-200{border-color:#99f6e4}.border-brand-600{border-color:#0d9488}.border-red-300{border-color:#fca5a5}.border-slate-200{border-color:#e2e8f0}.border-slate-300{border-color:#cbd5e1}.bg-accent-700{background-color:#6d28d9}.bg-brand-50{background-color:#f0fdfa}.bg-red-50{background-color:#fef2f2}.bg-slate-50{background-color:#f8fafc}.bg-white{background-color:#fff}.icon{fill:none;stroke:currentColor;stroke-width:2px;stroke-linecap:round;stroke-linejoin:round}.p-4{padding:1rem}.p-5{padding:1.25rem}.px-3{padding-inline:.75rem}.px-4{padding-inline:1rem}.px-5{padding-inline:1.25rem}.py-2{padding-block:.5rem}.py-2\\.5{padding-block:.625rem}.py-3{padding-block:.75rem}.py-6{padding-block:1.5rem}.pt-4{padding-top:1rem}.pl-5{padding-left:1.25rem}.text-left{text-align:left}.text-2xl{font-size:1.5rem;line-height:var(--tw-leading,calc(2 / 1.5))}.text-3xl{font-size:1.875rem;line-height:var(--tw-leading,calc(2.25 / 1.875))}.text-base{font-size:1rem;line-height:var(--tw-leading,calc(1.5 / 1))}.text-lg{font-size:1.125rem;line-height:var(--tw-leading,calc(1.75 / 1.125))}.text-sm{font-size:.875rem;line-height:var(--tw-leading,calc(1.25 / .875))}.text-xl{font-size:1.25rem;line-height:var(--tw-leading,calc(1.75 / 1.25))}.font-bold{--tw-font-weight:700;font-weight:700}.font-medium{--tw-font-weight:500;font-weight:500}.font-semibold{--tw-font-weight:600;font-weight:600}.tracking-wide{--tw-tracking:.025em;letter-spacing:.025em}.text-brand-700{color:#0f766e}.text-brand-800{color:#115e59}.text-brand-900{color:#134e4a}.text-inherit{color:inherit}.text-ink{color:#0f172a}.text-red-700{color:#b91c1c}.text-red-900{color:#7f1d1d}.text-slate-600{color:#475569}.text-slate-700{color:#334155}.text-white{color:#fff}.uppercase{text-transform:uppercase}.underline{text-decoration-line:underline}.accent-brand-700{accent-color:#0f766e}.lift{box-shadow:0 1px 3px #0000001a,0 1px 2px -1px #0000001a}.transition-colors{transition-property:color,background-color,border-color,outline-color,text-decoration-color,fill,stroke,--tw-gradient-from,--tw-gradient-via,--tw-gradient-to;transition-timing-function:var(--tw-ease,cubic-bezier(.4, 0, .2, 1));transition-duration:var(--tw-duration,.15s)}.empty\\:hidden:empty{display:none}@media (hover:hover){.hover\\:bg-accent-800:hover{background-color:#5b21b6}}.has-\\[\\:checked\\]\\:border-brand-600:has(:checked){border-color:#0d9488}.has-\\[\\:checked\\]\\:bg-brand-50:has(:checked){background-color:#f0fdfa}@media (min-width:40rem){.sm\\:w-auto{width:auto}.sm\\:max-w-md{max-width:28rem}.sm\\:grid-cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}.sm\\:grid-cols-\\[10rem_1fr\\]{grid-template-columns:10rem 1fr}.sm\\:gap-4{gap:1rem}.sm\\:px-10{padding-inline:2.5rem}.sm\\:py-10{padding-block:2.5rem}}@media (forced-colors:active){.forced-colors\\:border{border-style:var(--tw-border-style);border-width:1px}}}@property --tw-divide-y-reverse{syntax:\"*\";inherits:false;initial-value:0}@property --tw-border-style{syntax:\"*\";inherits:false;initial-value:solid}</style></head><body class=\"bg-slate-50\"><main class=\"mx-auto max-w-3xl px-4 py-6 text-ink sm:py-10\"><p class=\"text-sm font-semibold uppercase tracking-wide text-brand-800\">Jacaranda Cleaning Co.</p><div role=\"role\" class=\"mt-3 empty:hidden\">notice</div>body<footer class=\"mt-10 border-t border-slate-200 pt-4 text-sm text-slate-700\"><p>Jacaranda Cleaning Co. · <a href=\"phoneHref\" class=\"font-medium text-brand-800 underline\">phone</a></p><p class=\"mt-1\"><a href=\"https://www.example.com/terms/#bookings\" class=\"font-medium text-brand-800 underline\">Terms</a> · <a href=\"https://www.example.com/privacy-policy/\" class=\"font-medium text-brand-800 underline\">Privacy policy</a></p></footer></main></body></html>",
    "notice": {
      "success": "<div class=\"flex items-start gap-3 rounded-xl border p-4 text-left border-brand-200 bg-brand-50 text-brand-900\"><svg class=\"icon mt-0.5 h-5 w-5 shrink-0 text-brand-700\" aria-hidden=\"true\"><use href=\"#i-check\"></use></svg><div class=\"min-w-0 flex-1\"><h1 class=\"font-semibold text-xl text-inherit\">title</h1><p class=\"mt-1 text-sm\">text</p></div></div>",
      "error": "<div class=\"flex items-start gap-3 rounded-xl border p-4 text-left border-red-300 bg-red-50 text-red-900\"><svg class=\"icon mt-0.5 h-5 w-5 shrink-0 text-red-700\" aria-hidden=\"true\"><use href=\"#i-close\"></use></svg><div class=\"min-w-0 flex-1\"><h1 class=\"font-semibold text-xl text-inherit\">title</h1><p class=\"mt-1 text-sm\">text</p></div></div>"
    },
    "quote": "<section aria-labelledby=\"quote-heading\" class=\"mt-4 rounded-xl border border-slate-200 bg-white p-5\"><h1 id=\"quote-heading\" class=\"text-2xl font-bold text-ink\">Your quote</h1><dl class=\"mt-2 divide-y divide-slate-200\">rows</dl>note<div class=\"mt-4 rounded-lg bg-brand-50 p-4\"><p class=\"text-sm font-medium text-brand-900\">Total price</p><p class=\"text-3xl font-bold text-ink\">total</p><p class=\"mt-1 text-sm text-slate-700\">Includes GST of gst.</p></div><p class=\"mt-3 text-sm text-slate-700\">This quote stands until validUntil.</p>includes</section>",
    "row": "<div class=\"grid gap-0.5 py-2 sm:grid-cols-[10rem_1fr] sm:gap-4\"><dt class=\"text-sm font-medium text-slate-600\">label</dt><dd class=\"text-base text-ink\">value</dd></div>",
    "note": "<p class=\"mt-3 rounded-lg border-l-4 border-brand-600 bg-slate-50 px-4 py-3 text-base\"><span class=\"font-medium\">A note from us: </span>note</p>",
    "includes": "<details class=\"mt-4 rounded-lg border border-slate-200 px-4 py-3\"><summary class=\"cursor-pointer font-medium text-brand-800\">heading</summary><div class=\"mt-2 grid gap-3 text-sm\">items</div></details>",
    "area": "<div><p class=\"font-semibold\">area</p><ul class=\"mt-1 list-disc pl-5\">items</ul></div>",
    "item": "<li>item</li>",
    "form": "<form class=\"mt-6 grid gap-6\" action=\"action\" method=\"post\"><input type=\"hidden\" name=\"q\" value=\"token\"/><fieldset><legend class=\"text-lg font-bold text-ink\">Choose a day</legend><p class=\"mt-1 text-sm text-slate-700\">The days we can still take a job.</p><div class=\"mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4\">days</div></fieldset><fieldset><legend class=\"text-lg font-bold text-ink\">Time of day</legend><div class=\"mt-3 grid grid-cols-2 gap-2 sm:max-w-md\">times</div></fieldset><div class=\"grid gap-3\"><p class=\"text-sm text-slate-700\">Pressing Accept accepts this quote for the day you chose. We then confirm the booking by email (<a href=\"https://www.example.com/terms/#bookings\" class=\"font-medium text-brand-800 underline\">how bookings work</a>).</p><div><button type=\"submit\" class=\"inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 text-base font-semibold transition-colors forced-colors:border bg-accent-700 text-white lift hover:bg-accent-800 min-h-12 w-full sm:w-auto sm:px-10\">Accept</button></div></div></form>",
    "day": "<label class=\"flex min-h-12 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50\"><input type=\"radio\" required=\"\" class=\"h-5 w-5 shrink-0 accent-brand-700\" name=\"day\" value=\"value\"/>label</label>",
    "time": "<label class=\"flex min-h-12 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-base text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50\"><input type=\"radio\" required=\"\" class=\"h-5 w-5 shrink-0 accent-brand-700\" name=\"time\" value=\"value\"/>label</label>"
  },
  "email": {
    "quote": {
      "subject": "Your quote from Jacaranda Cleaning Co.",
      "html": "<!DOCTYPE html><html lang=\"en-AU\"><head><meta charSet=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>Your quote from Jacaranda Cleaning Co.</title></head><body style=\"margin:0;padding:0;background-color:#ffffff;color:#0f172a\"><div style=\"max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial, Helvetica, sans-serif;font-size:16px;line-height:1.5\"><p style=\"margin:0 0 16px;font-size:20px;font-weight:bold;color:#0f172a\">Jacaranda Cleaning Co.</p><p style=\"margin:0 0 16px\">opening</p><table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 16px;font-size:16px\"><tbody>rows</tbody></table>note<p style=\"margin:0 0 4px\">Total price</p><p style=\"margin:0 0 4px;font-size:28px;font-weight:bold;color:#0f172a\">total</p><p style=\"margin:0 0 16px;color:#475569\">Includes GST of gst.</p><p style=\"margin:0 0 16px\">This quote stands until validUntil.</p><p style=\"margin:0 0 8px\"><a href=\"link\" style=\"display:inline-block;padding:12px 20px;background-color:#c2410c;color:#ffffff;font-weight:bold;text-decoration:none;border-radius:8px\">Accept and choose a day</a></p><p style=\"margin:0 0 16px;font-size:14px;color:#475569;word-break:break-all\">Or open this address: link</p><p style=\"margin:0 0 16px\">To ask about anything in it, reply to this email or call <a href=\"phoneHref\" style=\"color:#115e59;font-weight:bold;white-space:nowrap\">phone</a>. How bookings work: <a href=\"https://www.example.com/terms/#bookings\" style=\"color:#115e59\">https://www.example.com/terms/#bookings</a></p>includes<hr style=\"border:0;border-top:1px solid #cbd5e1;margin:24px 0 16px\"/><p style=\"margin:0 0 8px;font-size:14px;color:#475569\">Jacaranda Cleaning Co. · <a href=\"https://www.example.com\" style=\"color:#115e59\">www.example.com</a> · <a href=\"phoneHref\" style=\"color:#115e59;white-space:nowrap\">phone</a></p><p style=\"margin:0;font-size:14px;color:#475569\">why How we handle your details: <a href=\"https://www.example.com/privacy-policy/\" style=\"color:#115e59\">https://www.example.com/privacy-policy/</a></p></div></body></html>",
      "text": "Jacaranda Cleaning Co.\n\nopening\n\nrows\nnote\nTotal price: total\nIncludes GST of gst.\n\nThis quote stands until validUntil.\n\nAccept and choose a day: link\n\nTo ask about anything in it, reply to this email or call phone. How bookings work: https://www.example.com/terms/#bookings\n\nincludes\n--\nJacaranda Cleaning Co. · https://www.example.com · phone\nwhy How we handle your details: https://www.example.com/privacy-policy/\n"
    },
    "booked": {
      "subject": "Booking confirmed for day: Jacaranda Cleaning Co.",
      "html": "<!DOCTYPE html><html lang=\"en-AU\"><head><meta charSet=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>Booking confirmed: Jacaranda Cleaning Co.</title></head><body style=\"margin:0;padding:0;background-color:#ffffff;color:#0f172a\"><div style=\"max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial, Helvetica, sans-serif;font-size:16px;line-height:1.5\"><p style=\"margin:0 0 16px;font-size:20px;font-weight:bold;color:#0f172a\">Jacaranda Cleaning Co.</p><p style=\"margin:0 0 16px\">opening</p><table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 16px;font-size:16px\"><tbody>rows</tbody></table><p style=\"margin:0 0 8px\"><strong>Before we come</strong></p><ul style=\"margin:0 0 16px;padding-left:20px\"><li>A way in for us on the day (keys, a lockbox code, or someone at home) and where to park.</li><li>Power and water on, and hot water if you can.</li><li>For a bond or end-of-lease clean, the home emptied of furniture and belongings.</li></ul><p style=\"margin:0 0 8px\"><strong>To change or cancel</strong></p><p style=\"margin:0 0 16px\">To change or cancel a booking, reply to the confirmation email or call us, as early as you can. We confirm every change by email. Our number is <a href=\"phoneHref\" style=\"color:#115e59;font-weight:bold;white-space:nowrap\">phone</a>.</p><hr style=\"border:0;border-top:1px solid #cbd5e1;margin:24px 0 16px\"/><p style=\"margin:0 0 8px;font-size:14px;color:#475569\">Jacaranda Cleaning Co. · <a href=\"https://www.example.com\" style=\"color:#115e59\">www.example.com</a> · <a href=\"phoneHref\" style=\"color:#115e59;white-space:nowrap\">phone</a></p><p style=\"margin:0;font-size:14px;color:#475569\">why How we handle your details: <a href=\"https://www.example.com/privacy-policy/\" style=\"color:#115e59\">https://www.example.com/privacy-policy/</a></p></div></body></html>",
      "text": "Jacaranda Cleaning Co.\n\nopening\n\nrows\n\nBefore we come:\n- A way in for us on the day (keys, a lockbox code, or someone at home) and where to park.\n- Power and water on, and hot water if you can.\n- For a bond or end-of-lease clean, the home emptied of furniture and belongings.\n\nTo change or cancel:\nTo change or cancel a booking, reply to the confirmation email or call us, as early as you can. We confirm every change by email. Our number is phone.\n\n--\nJacaranda Cleaning Co. · https://www.example.com · phone\nwhy How we handle your details: https://www.example.com/privacy-policy/\n"
    },
    "reminder": {
      "subject": "See you tomorrow, day: Jacaranda Cleaning Co.",
      "html": "<!DOCTYPE html><html lang=\"en-AU\"><head><meta charSet=\"utf-8\"/><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/><title>See you tomorrow: Jacaranda Cleaning Co.</title></head><body style=\"margin:0;padding:0;background-color:#ffffff;color:#0f172a\"><div style=\"max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial, Helvetica, sans-serif;font-size:16px;line-height:1.5\"><p style=\"margin:0 0 16px;font-size:20px;font-weight:bold;color:#0f172a\">Jacaranda Cleaning Co.</p><p style=\"margin:0 0 16px\">opening</p><table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 16px;font-size:16px\"><tbody>rows</tbody></table><p style=\"margin:0 0 8px\"><strong>Before we come</strong></p><ul style=\"margin:0 0 16px;padding-left:20px\"><li>A way in for us on the day (keys, a lockbox code, or someone at home) and where to park.</li><li>Power and water on, and hot water if you can.</li><li>For a bond or end-of-lease clean, the home emptied of furniture and belongings.</li></ul><p style=\"margin:0 0 8px\"><strong>To change or cancel</strong></p><p style=\"margin:0 0 16px\">To change or cancel a booking, reply to the confirmation email or call us, as early as you can. We confirm every change by email. Our number is <a href=\"phoneHref\" style=\"color:#115e59;font-weight:bold;white-space:nowrap\">phone</a>.</p><hr style=\"border:0;border-top:1px solid #cbd5e1;margin:24px 0 16px\"/><p style=\"margin:0 0 8px;font-size:14px;color:#475569\">Jacaranda Cleaning Co. · <a href=\"https://www.example.com\" style=\"color:#115e59\">www.example.com</a> · <a href=\"phoneHref\" style=\"color:#115e59;white-space:nowrap\">phone</a></p><p style=\"margin:0;font-size:14px;color:#475569\">why How we handle your details: <a href=\"https://www.example.com/privacy-policy/\" style=\"color:#115e59\">https://www.example.com/privacy-policy/</a></p></div></body></html>",
      "text": "Jacaranda Cleaning Co.\n\nopening\n\nrows\n\nBefore we come:\n- A way in for us on the day (keys, a lockbox code, or someone at home) and where to park.\n- Power and water on, and hot water if you can.\n- For a bond or end-of-lease clean, the home emptied of furniture and belongings.\n\nTo change or cancel:\nTo change or cancel a booking, reply to the confirmation email or call us, as early as you can. We confirm every change by email. Our number is phone.\n\n--\nJacaranda Cleaning Co. · https://www.example.com · phone\nwhy How we handle your details: https://www.example.com/privacy-policy/\n"
    },
    "row": "<tr><td style=\"padding:6px 12px 6px 0;color:#475569;vertical-align:top;white-space:nowrap\">label</td><td style=\"padding:6px 0;color:#0f172a;vertical-align:top\">value</td></tr>",
    "note": "<p style=\"margin:0 0 16px;padding:8px 12px;border-left:4px solid #0d9488;background:#f8fafc\"><strong>A note from us:</strong> note</p>",
    "includes": "<p style=\"margin:24px 0 8px;font-weight:bold\">heading</p>areas",
    "area": "<p style=\"margin:8px 0 4px;font-size:14px;font-weight:bold\">area</p><ul style=\"margin:0 0 8px;padding-left:20px;font-size:14px;color:#475569\">items</ul>",
    "item": "<li>item</li>"
  },
  "services": {
    "bond-cleaning": {
      "heading": "What bond cleaning includes",
      "groups": [
        {
          "area": "Kitchen",
          "items": [
            "Oven cleaned inside and out, including racks, trays and door glass",
            "Cooktop, burners or hotplates and control knobs degreased",
            "Rangehood canopy and filters degreased",
            "Cupboards and drawers wiped inside and out, including handles",
            "Benchtops, splashback, sink and tapware cleaned and polished",
            "Dishwasher door, seals and filter cleaned",
            "Fridge space and any built-in appliances wiped out"
          ]
        },
        {
          "area": "Bathrooms & toilets",
          "items": [
            "Shower screen, tiles and bath descaled and soap scum removed",
            "Grout scrubbed and surface mould spots treated",
            "Vanity, basin and cabinets cleaned inside and out",
            "Toilet cleaned inside and out, including the seat hinges, base and behind the pan",
            "Mirrors, towel rails and tapware polished",
            "Exhaust fan covers dusted and wiped",
            "Floors scrubbed and floor wastes cleaned"
          ]
        },
        {
          "area": "Bedrooms & living areas",
          "items": [
            "Built-in wardrobes wiped inside, including shelves, rails and tracks",
            "Ceiling fans and light fittings dusted and wiped",
            "Air-conditioner vents and covers wiped",
            "Cobwebs removed from ceilings, cornices and corners",
            "Carpets vacuumed and hard floors mopped"
          ]
        },
        {
          "area": "Laundry",
          "items": [
            "Laundry tub, tapware and splashback cleaned",
            "Cupboards wiped inside and out",
            "Lint and dust removed from the washer and dryer spaces",
            "Floor mopped and floor waste cleaned"
          ]
        },
        {
          "area": "Windows & tracks",
          "items": [
            "Inside window glass cleaned streak-free",
            "Window sills and frames wiped",
            "Window and sliding door tracks vacuumed and wiped out",
            "Flyscreens dusted",
            "Blinds dusted and spot cleaned"
          ]
        },
        {
          "area": "Walls, doors & skirting",
          "items": [
            "Marks spot cleaned from walls where the paint allows",
            "Skirting boards wiped",
            "Doors, door frames and architraves wiped",
            "Light switches, power points and door handles cleaned"
          ]
        },
        {
          "area": "Balconies & patios",
          "items": [
            "Balcony or patio swept and mopped",
            "Outdoor light fittings and balustrades wiped",
            "Cobwebs removed from reachable eaves"
          ]
        }
      ]
    },
    "spring-cleaning": {
      "heading": "What spring cleaning includes",
      "groups": [
        {
          "area": "Throughout the home",
          "items": [
            "Cobwebs removed from ceilings, cornices and corners",
            "Ceiling fan blades and light fittings wiped",
            "Air-conditioner vents and covers wiped",
            "Skirting boards, doors and door frames wiped",
            "Light switches, power points and door handles cleaned",
            "Marks spot cleaned from walls where the paint allows"
          ]
        },
        {
          "area": "Kitchen",
          "items": [
            "Cupboard and drawer fronts degreased, including handles",
            "Inside cupboards and drawers wiped once emptied",
            "Benchtops, splashback, sink and tapware cleaned and polished",
            "Microwave cleaned inside and out",
            "Rangehood canopy and filters degreased",
            "Outside of the fridge, dishwasher and oven polished"
          ]
        },
        {
          "area": "Bathrooms & toilets",
          "items": [
            "Shower screen and tiles descaled and soap scum removed",
            "Grout scrubbed and surface mould spots treated",
            "Toilet cleaned inside and out, including the base and behind the pan",
            "Vanity drawers and cabinets wiped inside and out",
            "Mirrors and tapware polished",
            "Exhaust fan covers dusted and wiped"
          ]
        },
        {
          "area": "Bedrooms & living areas",
          "items": [
            "Under and behind movable furniture vacuumed",
            "Blinds dusted and window sills wiped",
            "Wardrobe shelves and rails wiped",
            "Couches and upholstered chairs vacuumed",
            "Carpets vacuumed and hard floors mopped"
          ]
        },
        {
          "area": "Windows & tracks",
          "items": [
            "Inside window glass cleaned streak-free",
            "Window and sliding door tracks vacuumed and wiped out",
            "Flyscreens dusted"
          ]
        },
        {
          "area": "Laundry",
          "items": [
            "Laundry tub and tapware cleaned",
            "Cupboards wiped inside and out",
            "Behind and beside the machines cleaned where reachable",
            "Floor mopped"
          ]
        }
      ]
    },
    "office-cleaning": {
      "heading": "What office cleaning includes",
      "groups": [
        {
          "area": "Workstations & offices",
          "items": [
            "Cleared desks wiped down",
            "Monitors, phones and keyboards dusted",
            "Chairs and armrests wiped",
            "General and recycling bins emptied and liners replaced"
          ]
        },
        {
          "area": "Kitchen & break room",
          "items": [
            "Benchtops, splashback, sink and tapware cleaned",
            "Microwave cleaned inside and out",
            "Fridge, dishwasher and coffee machine exteriors wiped",
            "Tables and chairs wiped",
            "Dishes loaded into the dishwasher",
            "Bins emptied and liners replaced"
          ]
        },
        {
          "area": "Bathrooms",
          "items": [
            "Toilets and urinals cleaned and sanitised",
            "Basins, tapware and mirrors cleaned",
            "Soap, paper towel and toilet paper restocked from your supplies",
            "Sanitary and general bins emptied",
            "Floors mopped with disinfectant"
          ]
        },
        {
          "area": "Reception & meeting rooms",
          "items": [
            "Reception counter and meeting tables wiped",
            "Glass doors and partitions cleaned of fingerprints",
            "Whiteboards cleaned on request",
            "Entry mats vacuumed"
          ]
        },
        {
          "area": "Floors",
          "items": [
            "Carpets vacuumed, including under desks where clear",
            "Hard floors swept and mopped",
            "Skirting boards dusted",
            "Stairs and landings vacuumed or mopped"
          ]
        },
        {
          "area": "High-touch points",
          "items": [
            "Door handles and push plates",
            "Light switches",
            "Lift buttons and stair rails",
            "Printer and photocopier panels"
          ]
        }
      ]
    },
    "oven-bbq-cleaning": {
      "heading": "What oven & bbq cleaning includes",
      "groups": [
        {
          "area": "Oven",
          "items": [
            "Racks and shelf supports removed, soaked and scrubbed",
            "Baking trays and grill pan degreased",
            "Oven walls, roof and floor degreased",
            "Door glass cleaned inside and out, including the inner panels where removable",
            "Door seal wiped and hinges cleaned",
            "Fan cover cleaned where removable",
            "Control panel, knobs and handle degreased",
            "Exterior and storage drawer wiped"
          ]
        },
        {
          "area": "Cooktop",
          "items": [
            "Gas burners, burner caps and trivets degreased",
            "Ceramic or induction glass cleaned and polished",
            "Hotplates and surrounds cleaned on electric cooktops",
            "Control knobs and splashback behind the cooktop wiped"
          ]
        },
        {
          "area": "Rangehood",
          "items": [
            "Filters removed and degreased",
            "Canopy cleaned inside and out",
            "Light cover and controls wiped"
          ]
        },
        {
          "area": "BBQ",
          "items": [
            "Hood cleaned inside and out",
            "Grill plates and hotplates scraped and degreased",
            "Burners and flame tamers cleaned",
            "Drip tray and fat cup emptied and cleaned",
            "Side shelves, knobs and exterior wiped"
          ]
        }
      ]
    },
    "house-cleaning": {
      "heading": "What house cleaning includes",
      "groups": [
        {
          "area": "Kitchen",
          "items": [
            "Benchtops and splashback wiped",
            "Sink and tapware cleaned and polished",
            "Cooktop wiped and degreased",
            "Microwave cleaned inside and out",
            "Outside of the fridge, oven and dishwasher wiped",
            "Cupboard fronts spot cleaned"
          ]
        },
        {
          "area": "Bathrooms & toilets",
          "items": [
            "Shower, screen and bath cleaned",
            "Basin, vanity top and tapware cleaned",
            "Toilet cleaned inside and out",
            "Mirrors cleaned streak-free",
            "Floors mopped"
          ]
        },
        {
          "area": "Bedrooms & living areas",
          "items": [
            "Reachable surfaces, shelves and furniture dusted",
            "Beds made, with fresh linen if you leave it out",
            "Mirrors and glass tables cleaned",
            "Cobwebs removed"
          ]
        },
        {
          "area": "Floors",
          "items": [
            "Carpets and rugs vacuumed",
            "Hard floors vacuumed and mopped",
            "Stairs vacuumed or mopped"
          ]
        },
        {
          "area": "Finishing touches",
          "items": [
            "Light switches and door handles wiped",
            "Skirting boards spot cleaned",
            "Bins emptied and liners replaced"
          ]
        }
      ]
    },
    "carpet-cleaning": {
      "heading": "What carpet cleaning includes",
      "groups": [
        {
          "area": "Before we start",
          "items": [
            "Walk-through with you to note stains, wear and areas to avoid",
            "Light furniture such as chairs and side tables moved",
            "Carpet vacuumed to remove loose dirt and grit"
          ]
        },
        {
          "area": "Cleaning",
          "items": [
            "Traffic lanes and doorways pre-treated",
            "Food, drink and mud stains spot treated",
            "Hot water extraction over the whole carpet",
            "Edges along skirting boards and in corners cleaned",
            "Pile groomed so it dries evenly"
          ]
        },
        {
          "area": "On request",
          "items": [
            "Stairs and landings",
            "Area rugs",
            "Pet urine and odour treatment",
            "Built-in wardrobe floors"
          ]
        },
        {
          "area": "After the clean",
          "items": [
            "Furniture put back with protective pads under the legs",
            "Tips on speeding up drying",
            "Invoice supplied for your property manager on end-of-lease jobs"
          ]
        }
      ]
    }
  }
} as const;
