/**
 * The texts of the ebook library pages (`/ebook-media`, `/ebook-page-template/{template_id}`) and
 * of the page templates section of `/ebook-listing`. The names of the media types are
 * `ebookMediaTypeNames` (ebookAdminTexts.ts).
 */
export const ebookLibraryTexts = {
  backToList: 'All ebooks',
  required: 'Required',
  tooLong: 'At most {max} characters',
  fixFields: 'Some fields need attention (see below).',
  any: 'Any',
  close: 'Close',

  // /ebook-listing
  mediaLibrary: 'Media library',
  templatesHeading: 'Page templates',
  noTemplates: 'There are no page templates yet.',
  newTemplate: 'New page template',
  columnTemplate: 'Name',
  columnThumbnail: 'Thumbnail',
  columnUpdated: 'Last change',
  noThumbnail: 'None',
  thumbnailOf: 'Thumbnail of {name}',

  // /ebook-media: upload
  uploadHeading: 'Upload a picture',
  uploadHelp:
    'JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF of at most {mb} MB; stored as a JPEG of at most 2048 px.',
  chooseFile: 'Choose a picture',
  chooseOther: 'Choose another picture',
  noFile: 'No picture chosen yet.',
  chosenFile: 'Chosen: {file}',
  fileNeeded: 'Choose a picture first.',
  fileUnreadable: 'This file could not be read. Choose it again or another one.',
  fieldPhotoName: 'Name',
  fieldPhotoNameHelp: 'A caption or file name; searchable',
  fieldMediaType: 'Type',
  fieldCategory: 'Category',
  fieldCategoryHelp: 'A free grouping, e.g. raptors; an ebook takes its pictures from one',
  upload: 'Upload',
  uploading: 'Uploading…',
  uploaded: 'Picture uploaded',
  uploadFailed: 'Not uploaded: {reason}. The picture and its fields are still here.',

  // /ebook-media: the library
  libraryHeading: 'Pictures',
  filterType: 'Show type',
  filterCategory: 'Show category',
  filterSearch: 'Search names and categories',
  noMedia: 'No pictures yet.',
  noMatch: 'No pictures match these filters.',
  untitled: 'Untitled picture',
  pictureOf: '{name} ({type})',
  uncategorised: 'no category',
  openPicture: 'Details of {name}',
  details: 'Details',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: '{from}–{to} of {total}',

  // /ebook-media: one picture
  detailHeading: 'Picture: {name}',
  detailType: 'Type',
  detailCategory: 'Category',
  detailSize: 'Size',
  detailSizeValue: '{width} × {height} px',
  detailUploaded: 'Uploaded',
  detailId: 'Media id',
  openOriginal: 'Open the full picture',

  // /ebook-page-template/{template_id}
  fieldTemplateName: 'Name',
  fieldTemplateNameHelp: 'Shown when choosing a layout',
  fieldTemplate: 'Template source',
  fieldTemplateHelp:
    'The page layout source, stored exactly as written ({length} of {max} characters). It is never shown as a web page, so there is no preview here.',
  thumbnailHeading: 'Thumbnail',
  thumbnailNone: 'No thumbnail: the template is shown by its name.',
  thumbnailAlt: 'Thumbnail of the template',
  chooseThumbnail: 'Choose from the media library',
  removeThumbnail: 'No thumbnail',
  pickerTitle: 'Choose a thumbnail',
  pickerSearch: 'Search names and categories',
  pickerNone: 'No pictures match. Upload one on the media library page.',
  pickerUse: 'Use {name}',
  create: 'Create template',
  created: 'Page template created',
  save: 'Save',
  saved: 'Saved',
  draftKept: 'Not saved: {reason}. What you typed is still here.',
};
