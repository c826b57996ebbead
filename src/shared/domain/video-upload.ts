/**
 * Video evidence (issue 20, docs/decisions/0231): MP4, MOV or WebM up to 200 MB, sent in fixed 8 MB
 * parts (S3's multipart minimum is 5 MB) and at most 10 minutes long. Photos keep the spec's 5 MB rule.
 */
export const VIDEO_UPLOAD = {
  maxBytes: 200 * 1024 * 1024,
  partBytes: 8 * 1024 * 1024,
  maxDurationSeconds: 10 * 60,
  /** A presigned part URL lives long enough for 8 MB on a slow phone link, and no longer. */
  partUrlSeconds: 15 * 60,
  /** The submission names a completed upload in a checklist item's field as `upload:<id>`. */
  fieldPrefix: 'upload:',
} as const;

export const partCountOf = (size: number) => Math.max(1, Math.ceil(size / VIDEO_UPLOAD.partBytes));

/** Part n (from 1) is full-size except the last, which holds the rest. */
export const partSizeOf = (size: number, partNumber: number) => {
  const count = partCountOf(size);
  return partNumber < count ? VIDEO_UPLOAD.partBytes : size - (count - 1) * VIDEO_UPLOAD.partBytes;
};
