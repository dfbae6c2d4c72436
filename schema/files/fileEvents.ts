/** Uploaded files on `file-<fileId>` streams: ids, hashes and sizes only; the bytes live in file_blobs by hash. */
export interface FileEvents {
  FileUploaded: {
    fileId: string;
    owner: string;
    /** One of the owner's agents the file is attached to, if the upload named one. */
    agentId: string | null;
    sha256: string;
    sizeBytes: number;
    /** Taken from the bytes (core/files/sniffContentType.ts), never from the client's header. */
    contentType: string;
    name: string | null;
  };
  FileDeleted: { fileId: string; owner: string; sha256: string };
}
