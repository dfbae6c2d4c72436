/**
 * How alike in meaning a query is to each of some texts, 0 to 1: what a sentence-embedding model gives (cosine of
 * all-MiniLM-L6-v2 vectors, computed in the worker). Methods that take one fuse it with their lexical evidence; without
 * one they are lexical alone, and say so in the method they name.
 */
export type TextSimilarity = (query: string, texts: readonly string[]) => Promise<readonly number[]>;
