-- Community (issue 16; docs/community.md): follows between members, groups and their members, and
-- the newsfeed: members' posts and the items the server writes itself (public sightings and
-- lifers, new members of a group). Plain PostgreSQL 15 SQL that runs unchanged on PGlite.

-- Accent- and case-insensitive search over names without the unaccent extension: the SQL twin of
-- foldText (src/contract/text.ts) for Latin, Greek and Cyrillic letters (the table below is
-- generated from foldText), lowercase, ASCII punctuation to spaces. The search term is folded
-- with foldText; an expression index on this function makes "LIKE '% term%'" an index scan.
CREATE FUNCTION community_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(
    translate(
      replace(replace(replace(replace(replace(replace(replace(replace(lower(value),
        'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'),
        'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'),
      'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĹĺĻļĽľĿŀŁłŃńŅņŇňŊŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠơƢƤƦƧƩƬƮƯưƱƲƳƵƷƸƼǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǞǟǠǡǤǦǧǨǩǪǫǬǭǮǯǰǴǵǶǷǸǹǺǻǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȞȟȠȢȤȦȧȨȩȪȫȬȭȮȯȰȱȲȳȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲʹͶͿΆΈΉΊΌΎΏΐΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫάέήίΰϊϋόύώϏϐϑϒϓϔϕϖϘϚϜϞϠϢϤϦϨϪϬϮϰϱϲϴϵϷϹϺϽϾϿЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯйѐёѓїќѝўѠѢѤѦѨѪѬѮѰѲѴѶѷѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӂӃӅӇӉӋӍӐӑӒӓӔӖӗӘӚӛӜӝӞӟӠӢӣӤӥӦӧӨӪӫӬӭӮӯӰӱӲӳӴӵӶӸӹӺӼӾḀḁḂḃḄḅḆḇḈḉḊḋḌḍḎḏḐḑḒḓḔḕḖḗḘḙḚḛḜḝḞḟḠḡḢḣḤḥḦḧḨḩḪḫḬḭḮḯḰḱḲḳḴḵḶḷḸḹḺḻḼḽḾḿṀṁṂṃṄṅṆṇṈṉṊṋṌṍṎṏṐṑṒṓṔṕṖṗṘṙṚṛṜṝṞṟṠṡṢṣṤṥṦṧṨṩṪṫṬṭṮṯṰṱṲṳṴṵṶṷṸṹṺṻṼṽṾṿẀẁẂẃẄẅẆẇẈẉẊẋẌẍẎẏẐẑẒẓẔẕẖẗẘẙẛẠạẢảẤấẦầẨẩẪẫẬậẮắẰằẲẳẴẵẶặẸẹẺẻẼẽẾếỀềỂểỄễỆệỈỉỊịỌọỎỏỐốỒồỔổỖỗỘộỚớỜờỞởỠỡỢợỤụỦủỨứỪừỬửỮữỰựỲỳỴỵỶỷỸỹỺỼỾ',
      'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkllllllllllnnnnnnŋoooooorrrrrrssssssssttttŧuuuuuuuuuuuuwwyyyzzzzzzsɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵooƣƥʀƨʃƭʈuuʊʋƴƶʒƹƽaaiioouuuuuuuuuuaaaaǥggkkooooʒʒjggƕƿnnaaooaaaaeeeeiiiioooorrrruuuussttȝhhƞȣȥaaeeooooooooyyⱥȼƚⱦɂƀʉʌɇɉɋɍɏͱͳʹͷϳαεηιουωιαβγδεζηθικλμνξοπρστυφχψωιυαεηιυιυουωϗβθυυυφπϙϛϝϟϡϣϥϧϩϫϭϯκρςθεϸσϻͻͼͽееђгєѕііјљњћкиуџабвгдежзииклмнопрстуфхцчшщъыьэюяиеегікиуѡѣѥѧѩѫѭѯѱѳѵѵѵѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏжжӄӆӈӊӌӎааааӕееәәәжжззӡииииооөөөээууууууччӷыыӻӽӿaabbbbbbccddddddddddeeeeeeeeeeffgghhhhhhhhhhiiiikkkkkkllllllllmmmmmmnnnnnnnnoooooooopppprrrrrrrrssssssssssttttttttuuuuuuuuuuvvvvwwwwwwwwwwxxxxyyzzzzzzhtwysaaaaaaaaaaaaaaaaaaaaaaaaeeeeeeeeeeeeeeeeiiiioooooooooooooooooooooooouuuuuuuuuuuuuuyyyyyyyyỻỽỿ'),
    '[[:space:][:punct:]]+', ' ', 'g'))
$$;

-- A member's searchable names (GET users, the follow lists, recommendations): nickname and name,
-- folded, with a space before each so " term" matches the start of a word. Queries spell the
-- expression exactly so (people.ts memberSearch). (community_fold calls built-ins only: index
-- builds may run with a search path that does not see this schema.)
CREATE INDEX users_community_search_idx ON users
  USING gin ((' ' || community_fold(nickname) || ' ' || community_fold(firstname)) public.gin_trgm_ops);

-- Who follows whom. A row is a follow; unfollowing deletes it. Nobody follows themself.
CREATE TABLE member_follows (
  follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followed_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (follower_id, followed_id),
  CHECK (follower_id <> followed_id)
);
CREATE INDEX member_follows_followed_idx ON member_follows (followed_id, follower_id);

-- Groups (SPEC §3 "Group": title, about, avatar, members). Ids may come from the device (a UUID) so
-- a replayed PUT groups/{id} finds its row.
CREATE TABLE community_groups (
  id uuid PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
  about text NOT NULL DEFAULT '' CHECK (char_length(about) <= 2000),
  avatar text CHECK (char_length(avatar) <= 2048),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX community_groups_search_idx ON community_groups
  USING gin ((' ' || community_fold(title)) public.gin_trgm_ops);

-- Members of a group and their role there: the creator is an admin; admins edit the group and
-- its members.
CREATE TABLE community_group_members (
  group_id uuid NOT NULL REFERENCES community_groups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  joined_at timestamptz NOT NULL,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX community_group_members_user_idx ON community_group_members (user_id, group_id);

-- The modification mark of feed items: every insert, edit or deletion of an item takes the next
-- value, so a page "older than prev_mod" never changes under inserts and "newer than last_mod"
-- brings every change (deletions as tombstones) exactly once.
CREATE SEQUENCE newsfeed_mod_seq AS bigint;

CREATE TABLE newsfeed_items (
  -- A post: the device's id (letters, digits, - and _). Items the server writes: a prefix and "~".
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 64),
  type text NOT NULL CHECK (type IN ('post', 'sighting', 'lifer', 'group_member')),
  author_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  group_id uuid REFERENCES community_groups (id) ON DELETE CASCADE,
  -- Plain text (never HTML), trimmed.
  body text NOT NULL DEFAULT '' CHECK (char_length(body) <= 5000),
  -- The author's photos (media ids, kind observation) in order.
  photos uuid[] NOT NULL DEFAULT '{}',
  -- The linked sighting (a record id of the author's species_observations), trip or place.
  observation_id text,
  trip_id text,
  hotspot_id text,
  mod bigint NOT NULL DEFAULT nextval('newsfeed_mod_seq'),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted_at timestamptz
);
ALTER SEQUENCE newsfeed_mod_seq OWNED BY newsfeed_items.mod;
CREATE INDEX newsfeed_items_mod_idx ON newsfeed_items (mod DESC) WHERE deleted_at IS NULL;
CREATE INDEX newsfeed_items_author_mod_idx ON newsfeed_items (author_id, mod DESC);
CREATE INDEX newsfeed_items_group_mod_idx ON newsfeed_items (group_id, mod DESC) WHERE group_id IS NOT NULL;
CREATE INDEX newsfeed_items_photos_idx ON newsfeed_items USING gin (photos) WHERE deleted_at IS NULL;

-- Public sightings and lifers as feed items, kept by a trigger on the sync store, so every way a
-- sighting reaches the server (a device push, a REST write, a deletion) updates the feed the same
-- way. The item carries no coordinate: answers read the sighting when they are built and drop a
-- hidden coordinate (and every coordinate: feed items never carry one). A sighting that becomes
-- private or is deleted leaves the feed (its item becomes a tombstone).
CREATE FUNCTION newsfeed_sighting_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  item_id text := 's~' || md5(NEW.owner_id::text || '/' || NEW.id);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted = NEW.deleted AND OLD.data = NEW.data THEN
    RETURN NULL;
  END IF;
  IF sighting_counted(NEW.deleted, NEW.data) AND NEW.data @> '{"public": true}' THEN
    INSERT INTO newsfeed_items (id, type, author_id, observation_id, created_at, updated_at)
    VALUES (item_id, CASE WHEN NEW.data @> '{"lifer": true}' THEN 'lifer' ELSE 'sighting' END,
            NEW.owner_id, NEW.id, now(), now())
    ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, mod = nextval('newsfeed_mod_seq'),
      updated_at = now(), deleted_at = NULL;
  ELSE
    UPDATE newsfeed_items SET deleted_at = now(), updated_at = now(), mod = nextval('newsfeed_mod_seq')
    WHERE id = item_id AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER collection_records_newsfeed AFTER INSERT OR UPDATE ON collection_records
  FOR EACH ROW WHEN (NEW.collection = 'species_observations') EXECUTE FUNCTION newsfeed_sighting_sync();

-- Sightings already public before this migration join the feed in the order they were written.
INSERT INTO newsfeed_items (id, type, author_id, observation_id, created_at, updated_at)
SELECT 's~' || md5(owner_id::text || '/' || id),
       CASE WHEN data @> '{"lifer": true}' THEN 'lifer' ELSE 'sighting' END,
       owner_id, id, to_timestamp(mod), to_timestamp(mod)
FROM collection_records
WHERE collection = 'species_observations' AND sighting_counted(deleted, data) AND data @> '{"public": true}'
ORDER BY seq;
