import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Alert, Box, Typography } from '@mui/material';
import type { ManualBlock } from './manual-content';

/** One paragraph, list or note of the manual. */
export function ManualBlockView({ block }: { block: ManualBlock }) {
  switch (block.kind) {
    case 'p':
      return <Typography variant="body1" sx={{ mb: 1.5 }}>{block.text}</Typography>;
    case 'steps':
    case 'list':
      return (
        <Box component={block.kind === 'steps' ? 'ol' : 'ul'} sx={{ mt: 0, mb: 1.5, pl: 3, '& li': { mb: 0.75 } }}>
          {block.items.map((item) => (
            <Typography key={item} component="li" variant="body1">{item}</Typography>
          ))}
        </Box>
      );
    case 'note':
      return <Alert severity="info" icon={<InfoOutlined />} sx={{ mb: 1.5 }}>{block.text}</Alert>;
  }
}
