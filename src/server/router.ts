/**
 * A router per resource. Each is an OpenAPIHono so its zod schemas feed the generated contract;
 * a failed validation becomes the spec's validation codes through one hook.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { validationError } from './validation.ts';

export function newRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}
export type Router = ReturnType<typeof newRouter>;

export const json = <T>(schema: T, description = 'OK') => ({ content: { 'application/json': { schema } }, description });
export const body = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });
