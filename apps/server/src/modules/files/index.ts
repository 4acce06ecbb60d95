/** The files module's face (uploads and their addresses): the only file other modules import from it. */
export { deleteUpload, isOwnFileUrl, storePrivatePdf, storeUpload } from './files.service.ts';
