// What other features may use of media: the gallery and the upload panel, with the types they report.
export { MediaGallery } from './components/MediaGallery';
export { UploadPanel, type UploadLeftover } from './components/UploadPanel';
export { UploadResults } from './components/UploadResults';
export { isQuickUpload, type UploadOutcome } from './upload-flow';
