-- When the assigned annotator first opened the item page; a label's "seconds" (added with the judges) is the time
-- from this moment to the label's first save, computed on the server. Null for items never opened in the app.
ALTER TABLE "StudyAssignment" ADD COLUMN "openedAt" TIMESTAMP(3);
