import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ResponseMedia } from './response-media';

describe('a response’s files', () => {
  it('offers arrived files for download, and says which wait for the device or sit in the trash', () => {
    render(
      <ResponseMedia
        formId="F1"
        submissionId="S1"
        media={[
          {
            name: 'permit.pdf',
            received: true,
            contentType: 'application/pdf',
            sizeBytes: 2048,
            hasThumbnail: false,
          },
          { name: 'late.jpg', received: false, contentType: null, sizeBytes: null, hasThumbnail: false },
          {
            name: 'old.jpg',
            received: true,
            trashed: true,
            contentType: 'image/jpeg',
            sizeBytes: 4096,
            hasThumbnail: false,
          },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('application/pdf · 2 kB');
    expect(screen.getByRole('button', { name: 'Download permit.pdf' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Not arrived yet');
    expect(items[2]).toHaveTextContent('In Cloud Storage’s trash: restore it there to see it here.');
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });
});
