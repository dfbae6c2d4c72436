import type { ClientInterceptors } from '@temporalio/client';
// The client part alone: the package's index also loads its worker and workflow parts, which an API has no use for.
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry/lib/client';
import type { Tracing } from './tracing';

/**
 * A Temporal client's interceptors: with tracing on, starting a workflow is a span of the active trace, whose context
 * travels to the workflow in its headers; without, none.
 */
export function tracedClientInterceptors(tracing: Tracing | null): ClientInterceptors {
  return tracing ? { workflow: [new OpenTelemetryWorkflowClientInterceptor({ tracer: tracing.tracer })] } : {};
}
