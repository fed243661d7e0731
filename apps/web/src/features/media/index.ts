// What other features may use of media: the gallery, the upload panel, the end of a quick upload and the
// progress bar, with the types they report.
export { MediaGallery } from './components/MediaGallery';
export { UploadPanel, type UploadLeftover } from './components/UploadPanel';
export { UploadResults } from './components/UploadResults';
export { QuickUploadSummary } from './components/QuickUploadSummary';
export { isQuickUpload, type FileResult, type UploadOutcome } from './upload-flow';
export { ProgressBar } from './components/ProgressBar';
