import { describe, expect, it } from "vitest";
import { measure, porterStem } from "./porter-stem";

describe("porterStem (Porter 1980)", () => {
  it("computes the measure m as in the paper's examples", () => {
    for (const word of ["tr", "ee", "tree", "y", "by"]) expect(measure(word), word).toBe(0);
    for (const word of ["trouble", "oats", "trees", "ivy"]) expect(measure(word), word).toBe(1);
    for (const word of ["troubles", "private", "oaten", "orrery"]) expect(measure(word), word).toBe(2);
  });

  it("stems the paper's step examples to their final stems", () => {
    const cases: Record<string, string> = {
      caresses: "caress",
      ponies: "poni",
      ties: "ti",
      caress: "caress",
      cats: "cat",
      feed: "feed",
      agreed: "agre",
      plastered: "plaster",
      bled: "bled",
      motoring: "motor",
      sing: "sing",
      conflated: "conflat",
      troubled: "troubl",
      sized: "size",
      hopping: "hop",
      tanned: "tan",
      falling: "fall",
      hissing: "hiss",
      fizzed: "fizz",
      failing: "fail",
      filing: "file",
      happy: "happi",
      sky: "sky",
      relational: "relat",
      conditional: "condit",
      rational: "ration",
      digitizer: "digit",
      hopeful: "hope",
      goodness: "good",
      revival: "reviv",
      allowance: "allow",
      adjustment: "adjust",
      adoption: "adopt",
      generalizations: "gener",
      oscillators: "oscil",
      controll: "control",
      roll: "roll",
      probate: "probat",
      rate: "rate",
    };
    for (const [word, stem] of Object.entries(cases)) expect(porterStem(word), word).toBe(stem);
  });
});

describe("ROUGE-1 with the optional stemmer", () => {
  it("matches inflected forms only when stemming is on, and leaves tokens of 3 characters or fewer alone", async () => {
    const { computeRouge1, tokenizeForRouge } = await import("./compute-rouge1");
    // reference {refunded, charges}, prediction {refunding, charge}: no overlap unstemmed; stems refund/charg match.
    expect(computeRouge1("Refunded charges", "refunding charge").f1).toBe(0);
    expect(computeRouge1("Refunded charges", "refunding charge", { stem: true }).f1).toBe(1);
    expect(tokenizeForRouge("cats ties was", { stem: true })).toEqual(["cat", "ti", "was"]);
  });
});
