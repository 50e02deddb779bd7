import { z } from "zod";
import { JsonObjectSchema, NonEmptyString } from "./common";

export const ToolSchemaSchema = z
  .object({
    name: NonEmptyString,
    description: z.string().optional(),
    parameters: JsonObjectSchema.optional().describe("JSON Schema of the tool's arguments"),
    access: z.enum(["read", "write"]).optional().describe("whether the tool only reads state or may change it"),
  })
  .strict();
export type ToolSchema = z.infer<typeof ToolSchemaSchema>;

export const SuiteSchema = z
  .object({
    name: NonEmptyString.describe("benchmark or domain name, e.g. 'retail-support' or 'tau2/airline'"),
    version: z.string().default(""),
    domain: z.string().optional(),
    policy: z.string().optional().describe("the domain policy the agent must follow"),
    tools: z.array(ToolSchemaSchema).default([]),
  })
  .strict();
export type Suite = z.infer<typeof SuiteSchema>;
