import { MSG, type Banner } from '@concilia/domain';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { Link } from 'react-router';
import { SafeHtml } from '../../app/shell/safe-html';

/** The banner an upper level of the hierarchy published, with its link when it has a usable one. */
export function BannerCard({ banner }: { banner: Banner }) {
  const link = banner.link?.trim() ?? '';
  const internal = link.startsWith('/') && !link.startsWith('//');
  const external = /^https?:\/\//i.test(link);
  return (
    <Card
      data-testid="home-banner"
      elevation={0}
      sx={(theme) => ({
        color: 'primary.contrastText',
        background: `linear-gradient(120deg, ${theme.palette.primary.dark}, ${theme.palette.primary.main} 60%, ${theme.palette.secondary.main})`,
        '& a': { color: 'inherit' },
      })}
    >
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>{banner.titulo}</Typography>
        <SafeHtml html={banner.texto} sx={{ typography: 'body1', '& a': { color: 'inherit', textDecoration: 'underline' } }} />
      </CardContent>
      {internal || external ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {internal ? (
            <Button variant="contained" color="inherit" component={Link} to={link} sx={{ color: 'primary.dark' }}>{MSG.saibaMais}</Button>
          ) : (
            <Button
              variant="contained"
              color="inherit"
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNew />}
              sx={{ color: 'primary.dark' }}
            >
              {MSG.saibaMais}
            </Button>
          )}
        </CardActions>
      ) : null}
    </Card>
  );
}
