/**
 * False during the server render and the hydrating render, true from the
 * render after: lets an island hand over from its no-JavaScript fallback
 * (CSS hover, :focus-within) to its scripted behaviour without a hydration
 * mismatch, because the first browser render is the server's markup.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useEnhanced(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
