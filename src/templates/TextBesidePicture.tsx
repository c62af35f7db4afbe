/**
 * A section's heading and paragraphs beside a half-width picture: the home
 * page's bond cleaning intro, each service page's intro, the about page's story.
 */
import type { ReactNode } from "react";
import type { Content } from "../content/content.ts";
import type { ImageData } from "../content/schema/common.ts";
import { Picture } from "./Picture.tsx";
import { withTermsLinks } from "./TermsLinks.tsx";

export function TextBesidePicture({
  content,
  id,
  heading,
  paragraphs,
  image,
  lcp,
  children,
}: {
  content: Content;
  id: string;
  heading: string;
  paragraphs: string[];
  image: ImageData;
  /** The page's largest image in the first screenful (Picture.tsx). */
  lcp?: boolean;
  /** What follows the paragraphs, under them. */
  children?: ReactNode;
}) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <div>
        <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
          {heading}
        </h2>
        <Paragraphs texts={paragraphs} />
        {children}
      </div>
      <Picture
        content={content}
        image={image}
        slot="half"
        lcp={lcp}
        className="w-full rounded-2xl bg-brand-50"
      />
    </div>
  );
}

/** A section's paragraphs in the large reading size, each with its "terms apply" linked. */
export function Paragraphs({ texts }: { texts: string[] }) {
  return texts.map((p) => (
    <p key={p} className="mt-4 text-lg leading-relaxed text-slate-600">
      {withTermsLinks(p)}
    </p>
  ));
}
