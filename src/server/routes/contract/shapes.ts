/** The contract's shapes as the generator emits them, as far as this folder reads and completes them. */
export type Schema = Record<string, unknown> & { properties?: Record<string, unknown>; required?: string[] };
export interface Media {
  schema?: Schema;
}
export interface Response {
  description: string;
  content?: Record<string, Media>;
  headers?: Record<string, unknown>;
}
export interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
export interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content?: Record<string, Media> };
  responses: Record<string, Response>;
  'x-error-codes'?: string[];
}
export interface ContractDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; contact?: { name: string; url: string }; license?: { name: string; identifier: string } };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

