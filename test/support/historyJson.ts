import path from 'node:path';
import * as proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import * as sdk from '@temporalio/common/lib/proto-utils';
import type { History } from '@temporalio/common/lib/proto-utils';

/**
 * Temporal's JSON history format (what `temporal workflow show --output json` writes, and the SDK's historyToJSON /
 * historyFromJSON in @temporalio/common/lib/proto-utils), to and from a History.
 *
 * The SDK's own converters are used when they work. In this install they do not: the project's protobufjs 7 (a
 * devDependency at the top of node_modules) keeps the SDK's protobufjs 8 from being hoisted, so @temporalio/common
 * and @temporalio/proto each get a copy of their own, and common's protojson refuses proto's types ("type must be a
 * Type"). The fallback is the same conversion with the copy @temporalio/proto's types were made with.
 */
type ProtoJson = { toJson(type: unknown, message: unknown): unknown; fromJson(type: unknown, json: unknown, options?: object): unknown };

let fallback: { protojson: ProtoJson; historyType: unknown } | undefined;
function sameCopy() {
  if (!fallback) {
    const protoDir = path.dirname(require.resolve('@temporalio/proto/package.json'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const protojson = require(require.resolve('protobufjs/ext/protojson', { paths: [protoDir] })) as ProtoJson;
    const root = patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown };
    fallback = { protojson, historyType: root.lookupType('temporal.api.history.v1.History') };
  }
  return fallback;
}

const isTwoCopies = (error: unknown) => error instanceof Error && /type must be a Type/.test(error.message);

export function historyToJSON(history: History): string {
  try {
    return sdk.historyToJSON(history);
  } catch (error) {
    if (!isTwoCopies(error)) throw error;
    const { protojson, historyType } = sameCopy();
    return JSON.stringify(protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history)), null, 2);
  }
}

export function historyFromJSON(json: unknown): History {
  try {
    return sdk.historyFromJSON(json);
  } catch (error) {
    if (!isTwoCopies(error)) throw error;
    const { protojson, historyType } = sameCopy();
    const loaded = protojson.fromJson(historyType, json, { ignoreUnknownFields: true });
    if (!loaded) throw new TypeError('not a workflow history in JSON', { cause: error });
    return loaded as History;
  }
}
