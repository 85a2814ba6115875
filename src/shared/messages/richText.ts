/** The rich-text editor's Insert Image dialog (the image goes into the text, so only the browser checks it). */
export const richTextMessages = {
  imageFileRequired: 'Please choose an image file',
  imageFileType: 'The image must be a PNG, JPEG or GIF file',
  imageAltRequired: 'Please describe the image, or mark it as decorative',
} as const;
