-- Site content (issue 25; spec §2 /allsetting): announcements, banners, activities, and the images they show
-- (public: platform users read them; type-sniffed and size-limited on upload).
CREATE TABLE site_images (
  key text PRIMARY KEY,
  mime text NOT NULL,
  size integer NOT NULL,
  data bytea NOT NULL,
  admin_id integer REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE articles (
  id serial PRIMARY KEY,
  title text NOT NULL,
  type text NOT NULL CHECK (type IN ('notice', 'news', 'rule')),
  cover text REFERENCES site_images (key),
  source text,
  summary text,
  -- sanitised on the way in (lib/rich-text.ts): never script, event handlers or javascript: URLs
  body text NOT NULL,
  shown boolean NOT NULL DEFAULT true,
  pinned boolean NOT NULL DEFAULT false,
  publish_at timestamptz NOT NULL DEFAULT now(),
  views integer NOT NULL DEFAULT 0,
  created_by integer REFERENCES admins (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- the platform's list: shown and published, pinned first, newest first
CREATE INDEX articles_published_idx ON articles (pinned DESC, publish_at DESC) WHERE shown;

CREATE TABLE banners (
  id serial PRIMARY KEY,
  title text NOT NULL,
  image text NOT NULL REFERENCES site_images (key),
  target_url text,
  sort integer NOT NULL DEFAULT 0,
  pc boolean NOT NULL DEFAULT true,
  mobile boolean NOT NULL DEFAULT true,
  shown boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE activities (
  id serial PRIMARY KEY,
  title text NOT NULL,
  banner text REFERENCES site_images (key),
  rules text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  target text NOT NULL DEFAULT 'all' CHECK (target IN ('all', 'tier', 'agent')),
  target_id integer,
  shown boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (target = 'all' OR target_id IS NOT NULL)
);
