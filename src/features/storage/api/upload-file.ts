// The single-request upload and the authorized download live in src/lib: Team Chat's attachments use them too.
export {
  fetchFileContent,
  UploadFailed,
  uploadSmallFile,
  type UploadProgress,
} from '@/lib/uploads/small-file';
