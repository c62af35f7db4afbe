/**
 * FAQ accordion: one item open at a time; clicking the open one closes it.
 * Pattern: https://www.w3.org/WAI/ARIA/apg/patterns/accordion/
 *
 * Every answer is in the server HTML. Closed panels are hidden by a class
 * that a `scripting: none` media query overrides, so without JavaScript all
 * answers show, and the server and hydrating renders are the same markup
 * (all closed): no mismatch, and no layout shift when the island wakes.
 * A question clicked before the island woke is already open (the loader's
 * early answer, src/browser/loader/early.ts); the island starts from it.
 */
import { useState } from "react";
import { cn } from "../../shared/ui.tsx";
import { expandedBeforeWake, SIGN } from "./disclosure.ts";
import { Slot } from "./Slot.tsx";

export interface FaqProps {
  /**
   * Each question and its answer as static markup, in page order: the first
   * question, its answer, the second question… (see Slot). The questions are
   * slots too: carried in the props as well, they cost the home page 64 bytes gzip.
   */
  slots: string[];
}

export default function Faq({ slots }: FaqProps) {
  const items = Array.from({ length: slots.length / 2 }, (_, i) => ({
    question: slots[2 * i],
    answer: slots[2 * i + 1],
  }));
  const [open, setOpen] = useState<number | null>(() => {
    const i = items.findIndex((_, i) => expandedBeforeWake(answerId(i)));
    return i < 0 ? null : i;
  });
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map(({ question, answer }, i) => {
        const isOpen = open === i;
        return (
          <div key={i}>
            <h3 className="text-base sm:text-lg">
              <button
                type="button"
                id={`faq-q-${i}`}
                aria-expanded={isOpen}
                aria-controls={answerId(i)}
                onClick={() => setOpen(isOpen ? null : i)}
                className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-brand-50"
              >
                <Slot html={question} inline />
                <span aria-hidden="true" className="text-2xl leading-none text-brand-700 noscript:hidden">
                  {isOpen ? SIGN.open : SIGN.closed}
                </span>
              </button>
            </h3>
            <section
              id={answerId(i)}
              aria-labelledby={`faq-q-${i}`}
              className={cn("px-5 pb-5 leading-relaxed text-slate-600", !isOpen && "hidden noscript:block")}
            >
              <Slot html={answer} />
            </section>
          </div>
        );
      })}
    </div>
  );
}

const answerId = (i: number) => `faq-a-${i}`;
