// The wall (docs/wall.md), as other features use it: the uploads of its attachments, which the
// console's announcements use too (docs/wall.md, "Attachments"), and how it names a folder
// ("Folder names").
export { useUploads, type PickedFile } from './attachments/use-uploads'
export { folderName, folderNameTexts } from './format/folder-name'
