/** The part of the island mechanism that needs React, loaded only when an island wakes. */
import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";

/**
 * Hydrates as a transition: React renders the island in slices and yields to
 * the browser between them, so a keystroke or tap during the wake is handled
 * at once (an event on the island itself makes React finish it first).
 * Resolves once React has committed the island and answers its events.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props; they arrive as JSON.
export function hydrateIsland(el: HTMLElement, Component: ComponentType<any>, props: object): Promise<void> {
  return new Promise((resolve) => {
    startTransition(() => {
      const markHydrated = () => {
        el.dataset.hydrated = "true";
        resolve();
      };
      hydrateRoot(el, createElement(Hydrated, { markHydrated }, createElement(Component, props)), {
        onRecoverableError(error) {
          console.error(`Island ${el.dataset.island} could not hydrate:`, error);
        },
      });
    });
  });
}

/** Marks the island once React has committed it, so tests and styles can tell it is live. */
function Hydrated({ markHydrated, children }: { markHydrated: () => void; children?: ReactNode }) {
  useEffect(markHydrated, [markHydrated]);
  return children;
}
