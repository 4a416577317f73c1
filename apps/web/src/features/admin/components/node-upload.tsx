import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogueUpload } from '../api/catalogue-upload';
import { UploadDropZone } from './upload-drop-zone';
import { UploadResults } from './upload-results';

/** Uploading into the selected category, and what became of the files of the last upload. */
export function NodeUpload({ nodeId }: { nodeId: number }) {
  const { t } = useTranslation();
  const upload = useCatalogueUpload();
  const [fileCount, setFileCount] = useState(0);

  const start = (files: File[]) => {
    setFileCount(files.length);
    upload.mutate({ nodeId, files });
  };

  return (
    <Stack component="section" spacing={1.5} aria-labelledby="catalogue-upload-heading">
      <Typography id="catalogue-upload-heading" variant="h6" component="h3">
        {t('admin.catalogue.upload.heading')}
      </Typography>
      <UploadDropZone progress={upload.progress} fileCount={fileCount} onFiles={start} />
      {upload.data && !upload.isPending && (
        <UploadResults report={upload.data} onClear={() => upload.reset()} />
      )}
    </Stack>
  );
}
