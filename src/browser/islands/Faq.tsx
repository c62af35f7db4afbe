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
  questions: string[];
  /** Each answer as static markup, in the order of the questions (see Slot). */
  slots: string[];
}

export default function Faq({ questions, slots }: FaqProps) {
  const [open, setOpen] = useState<number | null>(() => {
    const i = questions.findIndex((_, i) => expandedBeforeWake(answerId(i)));
    return i < 0 ? null : i;
  });
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {questions.map((question, i) => {
        const isOpen = open === i;
        return (
          <div key={question}>
            <h3 className="text-base sm:text-lg">
              <button
                type="button"
                id={`faq-q-${i}`}
                aria-expanded={isOpen}
                aria-controls={answerId(i)}
                onClick={() => setOpen(isOpen ? null : i)}
                className="flex min-h-11 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-ink hover:bg-brand-50"
              >
                {question}
                <span aria-hidden="true" className="text-2xl leading-none text-brand-700 [@media(scripting:none)]:hidden">
                  {isOpen ? SIGN.open : SIGN.closed}
                </span>
              </button>
            </h3>
            <section
              id={answerId(i)}
              aria-labelledby={`faq-q-${i}`}
              className={cn("px-5 pb-5 leading-relaxed text-slate-600", !isOpen && "hidden [@media(scripting:none)]:block")}
            >
              <Slot html={slots[i]} />
            </section>
          </div>
        );
      })}
    </div>
  );
}

const answerId = (i: number) => `faq-a-${i}`;
