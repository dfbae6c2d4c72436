import { registry } from '../../schema/registry';
import type { Availability } from '../availability/toolAvailability';
import { openApiPath } from './openApiDocument';

type Document = Record<string, unknown> & { readonly paths?: Record<string, Record<string, unknown>> };

/**
 * The document with what this deployment can serve now, per operation: `x-available`, and for one it cannot,
 * `x-unavailable` with the reason, the message and the settings to set (the object /discover gives). The document
 * itself is built once per configuration; the marks are laid over a copy of its paths on each request.
 */
export function withAvailability(document: Document, availability: Availability): Document {
  const paths: Record<string, Record<string, unknown>> = { ...document.paths };
  for (const entry of registry) {
    const path = openApiPath(entry.path);
    const method = entry.method.toLowerCase();
    const operation = paths[path]?.[method];
    if (!operation) continue;
    const why = availability.unavailable.get(entry.path);
    if (paths[path] === document.paths?.[path]) paths[path] = { ...paths[path] };
    paths[path]![method] = { ...operation, 'x-available': !why, ...(why ? { 'x-unavailable': why } : {}) };
  }
  return { ...document, paths };
}
