/** content/faq.yaml: the home page's questions and answers. */
import * as z from "zod";
import { text } from "./common.ts";

export const Faq = z
  .strictObject({
    question: text.describe("The question, as a customer would ask it."),
    answer: text.describe("The answer, shown when the visitor opens the question."),
  })
  .describe("One question of the home page's FAQ and its answer.");
export const FaqFile = z.strictObject({
  faq: z
    .array(Faq)
    .length(10, { error: "the home page FAQ has exactly 10 questions" })
    .describe("The ten questions of the FAQ on the home page, in the order shown."),
});
