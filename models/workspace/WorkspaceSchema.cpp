#include "WorkspaceSchema.h"

namespace rd::workspace_schema {

namespace {

// Version 1: what a run produces and what annotators decide.
const char *const version1[] = {
    "CREATE TABLE workspace_info (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "INSERT INTO workspace_info (name, value) VALUES ('application', 'ReviewDesk')",
    "CREATE TABLE merge_requests ("
    " id %ID%,"
    " repository TEXT NOT NULL, base TEXT NOT NULL, head TEXT NOT NULL, two_dot INTEGER NOT NULL DEFAULT 0,"
    " title TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '', created BIGINT NOT NULL,"
    " UNIQUE (repository, base, head, two_dot))",
    "CREATE TABLE runs ("
    " id %ID%,"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " label TEXT NOT NULL DEFAULT '', model TEXT NOT NULL DEFAULT '', config_hash TEXT NOT NULL DEFAULT '',"
    " started BIGINT, finished BIGINT, record TEXT NOT NULL)",
    "CREATE INDEX runs_by_merge_request ON runs (merge_request)",
    "CREATE TABLE comments ("
    " id %ID%,"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " run BIGINT REFERENCES runs (id),"
    " origin TEXT NOT NULL, author TEXT NOT NULL DEFAULT '', run_comment_id TEXT NOT NULL DEFAULT '',"
    " file TEXT NOT NULL DEFAULT '', side TEXT NOT NULL DEFAULT 'new', line_start INTEGER NOT NULL DEFAULT 0,"
    " line_end INTEGER NOT NULL DEFAULT 0, line_valid INTEGER NOT NULL DEFAULT 1,"
    " issue TEXT NOT NULL DEFAULT '', root_cause TEXT NOT NULL DEFAULT '', fix TEXT NOT NULL DEFAULT '',"
    " example TEXT NOT NULL DEFAULT '', category TEXT NOT NULL DEFAULT '',"
    " q1 INTEGER NOT NULL DEFAULT 0, q2 INTEGER NOT NULL DEFAULT 0, q3 INTEGER NOT NULL DEFAULT 0,"
    " reviewers TEXT NOT NULL DEFAULT '', kept INTEGER NOT NULL DEFAULT 1, dropped_at TEXT NOT NULL DEFAULT '',"
    " merged_into TEXT NOT NULL DEFAULT '', slice INTEGER NOT NULL DEFAULT -1, raw TEXT NOT NULL DEFAULT '',"
    " score_history TEXT NOT NULL DEFAULT '[]',"
    " original TEXT," // the comment as first stored (JSON), once edited
    " created BIGINT NOT NULL)",
    "CREATE INDEX comments_by_place ON comments (merge_request, file, side, line_start)",
    "CREATE INDEX comments_by_run ON comments (run)",
    "CREATE TABLE annotators (id %ID%, name TEXT NOT NULL UNIQUE, created BIGINT NOT NULL)",
    "CREATE TABLE judgements ("
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " verdict TEXT, q1 INTEGER, q2 INTEGER, q3 INTEGER, category TEXT, context TEXT, key_bug INTEGER,"
    " tag TEXT, thumbs TEXT, critique TEXT, time_spent BIGINT, updated BIGINT NOT NULL,"
    " PRIMARY KEY (comment, annotator))",
    "CREATE INDEX judgements_by_annotator ON judgements (annotator, updated)",
};

// Version 2: undo/redo that survives a restart, each annotator's place,
// and human comments hidden (not deleted) so that undo can bring them back.
const char *const version2[] = {
    "ALTER TABLE comments ADD COLUMN removed INTEGER NOT NULL DEFAULT 0",
    "CREATE TABLE history ("
    " id %ID%,"
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " action TEXT NOT NULL,"
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " fields TEXT NOT NULL DEFAULT '',"
    " before_state TEXT," // JSON; NULL: there was no judgement
    " after_state TEXT,"
    " undone INTEGER NOT NULL DEFAULT 0,"
    " at BIGINT NOT NULL)",
    "CREATE INDEX history_by_annotator ON history (annotator, undone, id)",
    "CREATE TABLE places ("
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " file TEXT NOT NULL DEFAULT '',"
    " comment BIGINT REFERENCES comments (id),"
    " updated BIGINT NOT NULL,"
    " PRIMARY KEY (annotator, merge_request))",
};

// Version 3, ground truth by a team (issue 11): which annotators judge which
// merge request, the adjudicator's final labels, and the judging steps that
// judged a group of near-duplicates at once (undone and redone together).
// Team settings (blind mode) live in workspace_info.
const char *const version3[] = {
    "CREATE TABLE gt_assignments ("
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " created BIGINT NOT NULL,"
    " PRIMARY KEY (merge_request, annotator))",
    "CREATE TABLE gt_adjudications ("
    " comment BIGINT NOT NULL PRIMARY KEY REFERENCES comments (id),"
    " adjudicator BIGINT NOT NULL REFERENCES annotators (id),"
    " verdict TEXT NOT NULL, q3 INTEGER, category TEXT, context TEXT, key_bug INTEGER,"
    " reason TEXT NOT NULL,"
    " updated BIGINT NOT NULL)",
    "CREATE TABLE gt_group_steps ("
    " history BIGINT NOT NULL PRIMARY KEY REFERENCES history (id) ON DELETE CASCADE,"
    " batch BIGINT NOT NULL)",
    "CREATE INDEX gt_group_steps_by_batch ON gt_group_steps (batch)",
    // Ground truth and pull-request metadata (issue 11, shared with evaluation).
    "ALTER TABLE comments ADD COLUMN is_reference INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE merge_requests ADD COLUMN language TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE merge_requests ADD COLUMN pr_category TEXT NOT NULL DEFAULT ''",
    // Dataset exchange (issue 11): the pull request's address, whether its
    // code is reachable, and every imported record as it was, so that an
    // export writes back the fields and the order it read.
    "ALTER TABLE merge_requests ADD COLUMN url TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE merge_requests ADD COLUMN code_linked INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE comments ADD COLUMN exchange_record TEXT NOT NULL DEFAULT ''",
    "CREATE TABLE exchange_imports ("
    " id %ID%, format TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL, annotator TEXT NOT NULL DEFAULT '',"
    " imported BIGINT NOT NULL)",
    "CREATE TABLE exchange_records ("
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " dataset TEXT NOT NULL,"
    " import_id BIGINT NOT NULL REFERENCES exchange_imports (id),"
    " position INTEGER NOT NULL,"
    " record TEXT NOT NULL,"
    " PRIMARY KEY (merge_request, dataset))",
    "CREATE INDEX merge_requests_by_url ON merge_requests (url)",
    // Evaluation: an annotator's explicit "this comment finds reference R".
    "CREATE TABLE eval_links ("
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " reference_comment BIGINT NOT NULL REFERENCES comments (id),"
    " annotator TEXT NOT NULL DEFAULT '',"
    " created BIGINT NOT NULL,"
    " PRIMARY KEY (comment, reference_comment))",
    "CREATE INDEX eval_links_by_reference ON eval_links (reference_comment)",
    // Team scale (issue 14): a row version on comments, so that two
    // people editing the same comment's text at once are told instead of one
    // overwriting the other; and the claims of a batch review fanned out over
    // workers (one per merge request and configuration, with a lease).
    "ALTER TABLE comments ADD COLUMN row_version BIGINT NOT NULL DEFAULT 0",
    "CREATE TABLE team_claims ("
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " config_hash TEXT NOT NULL,"
    " worker TEXT NOT NULL DEFAULT '',"
    " lease_until BIGINT NOT NULL DEFAULT 0," // ms since 1970; 0: never claimed
    " done INTEGER NOT NULL DEFAULT 0,"
    " run BIGINT REFERENCES runs (id),"
    " PRIMARY KEY (merge_request, config_hash))",
    "CREATE INDEX team_claims_open ON team_claims (config_hash, done, lease_until)",
};

// Version 4 (issue 21, item 3): a translated comment keeps the reviewer's
// own text beside the translation (issue, root_cause, fix hold the latter).
// Empty language: never translated, as every comment of an older workspace.
const char *const version4[] = {
    "ALTER TABLE comments ADD COLUMN issue_original TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE comments ADD COLUMN root_cause_original TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE comments ADD COLUMN fix_original TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE comments ADD COLUMN translation_language TEXT NOT NULL DEFAULT ''",
};

// Version 5 (issue 25): a row version on judgements, so that a judgement
// written from what another window or `reviewdesk-cli judge` has replaced
// since is refused instead of overwriting the newer one. Existing rows
// start at 1 (0 means "no judgement" to a writer).
const char *const version5[] = {
    "ALTER TABLE judgements ADD COLUMN row_version BIGINT NOT NULL DEFAULT 1",
};

// Version 6 (issue 25, scale in the window): the progress counts the
// comments not removed, of the workspace or of a merge request, and the
// Merge Requests browser counts them by origin and kept; without this index
// (covering those columns) each read the whole comments table with its texts
// (116 MB on 200,000 comments).
const char *const version6[] = {
    "CREATE INDEX comments_by_removed ON comments (removed, merge_request, origin, kept, id)",
};

// finalLabel's Disagreement for one comment, as a condition on the group of
// its judgements that carry a verdict: a label two of them set differently
// (MIN and MAX skip NULLs: two set values differ exactly when MIN <> MAX),
// or severities more than one apart.
#define RD_DISAGREEING_GROUP                                                                                                                     \
    " HAVING MIN(verdict) <> MAX(verdict) OR MIN(category) <> MAX(category) OR MIN(context) <> MAX(context)"                                     \
    " OR MIN(key_bug) <> MAX(key_bug) OR MAX(q3) - MIN(q3) > 1"

// Version 7 (issue 25, scale in the window): the comments whose annotators
// disagree, kept as judgements are written (Private::writeJudgement), so
// that the status bar and the browser count them with an index instead of
// grouping every judgement of the workspace at each open and verdict.
const char *const fillDisagreements =
    "INSERT INTO gt_disagreements (comment) SELECT comment FROM judgements WHERE verdict IS NOT NULL GROUP BY comment" RD_DISAGREEING_GROUP;
const char *const version7[] = {
    "CREATE TABLE gt_disagreements (comment BIGINT PRIMARY KEY REFERENCES comments (id))",
    fillDisagreements,
};

// Version 8 (issue 23, the judge loop): judges evaluated against people,
// each with its report and its answers, to compare and replay later.
const char *const version8[] = {
    "CREATE TABLE judge_evaluations ("
    " id %ID%, created BIGINT NOT NULL, judge_model TEXT NOT NULL DEFAULT '', labels TEXT NOT NULL DEFAULT '',"
    " items INTEGER NOT NULL DEFAULT 0, accuracy DOUBLE PRECISION, report TEXT NOT NULL, recording TEXT NOT NULL)",
};

// Version 9 (issue 23, CQS): the fields of the other papers' reviewers, so that
// exports and the evaluation read them from the workspace (CQS Algorithm 1
// pairs issues by tag and judge score; App. C counts per tag). -1: not judged.
const char *const version9[] = {
    "ALTER TABLE comments ADD COLUMN pipeline TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE comments ADD COLUMN tag TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE comments ADD COLUMN function_name TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE comments ADD COLUMN judge_score INTEGER NOT NULL DEFAULT -1",
    "ALTER TABLE comments ADD COLUMN judge_reason TEXT NOT NULL DEFAULT ''",
};

// Version 10 (issue 24, following a merge request across revisions): the
// revisions (patch sets) of each merge request, recorded as the author pushes
// (`mr update`, Review > Refresh); the revision each comment's file and lines
// are of, and, once a later revision changed or deleted those lines, the
// comment outdated with the text it was made on (its file and lines stay those
// of `revision`; line_valid 0, so nothing places it in the new code); the
// revisions each run reviewed (0: before version 10, taken as revision 1); and
// each annotator's answer to "did the new commits address this comment?".
// The first revision of an older merge request is recorded when first needed
// (its commits are resolved by libgit2, which a migration cannot do): every
// older comment and run is of revision 1.
const char *const version10[] = {
    "CREATE TABLE mr_revisions ("
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " number INTEGER NOT NULL,"
    " base_sha TEXT NOT NULL, head_sha TEXT NOT NULL, merge_base_sha TEXT NOT NULL DEFAULT '',"
    " base_spec TEXT NOT NULL DEFAULT '', head_spec TEXT NOT NULL DEFAULT '',"
    " source TEXT NOT NULL, created BIGINT NOT NULL,"
    " PRIMARY KEY (merge_request, number))",
    "ALTER TABLE comments ADD COLUMN revision INTEGER NOT NULL DEFAULT 1",
    "ALTER TABLE comments ADD COLUMN outdated INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE comments ADD COLUMN outdated_in INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE comments ADD COLUMN outdated_text TEXT NOT NULL DEFAULT ''",
    "ALTER TABLE runs ADD COLUMN reviewed_from INTEGER NOT NULL DEFAULT 0",
    "ALTER TABLE runs ADD COLUMN reviewed_to INTEGER NOT NULL DEFAULT 0",
    "CREATE TABLE comment_addressed ("
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " addressed INTEGER NOT NULL,"
    " updated BIGINT NOT NULL,"
    " PRIMARY KEY (comment, annotator))",
};

template <std::size_t N>
QStringList statements(const char *const (&list)[N], const QString &idColumn)
{
    QStringList out;
    for (const char *s : list)
        out << QString::fromLatin1(s).replace(QStringLiteral("%ID%"), idColumn);
    return out;
}

} // namespace

// Version 11 (issue 24): comments that live on a code host too: imported
// from a pull request's review threads, or published to one. The remote id
// makes opening a pull request again import nothing twice, and publishing
// again send only what is new or edited since (the body's hash tells).
const char *const version11[] = {
    "CREATE TABLE remote_comments ("
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " pull_request TEXT NOT NULL," // the merge request's page on its host
    " remote_id TEXT NOT NULL,"
    " thread TEXT NOT NULL DEFAULT '',"
    " direction TEXT NOT NULL," // imported, published
    " body_hash TEXT NOT NULL DEFAULT '',"
    " revision TEXT NOT NULL DEFAULT '',"
    " updated BIGINT NOT NULL,"
    " PRIMARY KEY (comment, pull_request))",
    "CREATE INDEX remote_comments_by_remote_id ON remote_comments (pull_request, remote_id)",
};

// Version 12 (issue 33): named reference snapshots. The references a
// merge request is evaluated against are rebuilt from every key-bug comment
// at each evaluation, so judging a later run moves an earlier run's
// figures; a snapshot keeps the references of every merge request as they
// were when it was frozen (each with the lines, text and labels it had, and
// the key-bug comments of its issue), so `eval --references NAME` gives the
// published figure again. Who froze it and when; its fingerprint; per merge
// request, the key-bug flags that were still disputed.
const char *const version12[] = {
    "CREATE TABLE reference_snapshots ("
    " id %ID%, name TEXT NOT NULL UNIQUE,"
    " reference_set TEXT NOT NULL," // all, aacr, key-bugs
    " author TEXT NOT NULL, created BIGINT NOT NULL, fingerprint TEXT NOT NULL)",
    "CREATE TABLE reference_snapshot_merge_requests ("
    " snapshot BIGINT NOT NULL REFERENCES reference_snapshots (id),"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " pending_key_bugs INTEGER NOT NULL DEFAULT 0,"
    " PRIMARY KEY (snapshot, merge_request))",
    "CREATE TABLE reference_snapshot_items ("
    " snapshot BIGINT NOT NULL REFERENCES reference_snapshots (id),"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " key_bug INTEGER NOT NULL," // 0: marked as reference (ground truth, by hand)
    " file TEXT NOT NULL DEFAULT '', side TEXT NOT NULL DEFAULT '',"
    " line_from INTEGER NOT NULL DEFAULT 0, line_to INTEGER NOT NULL DEFAULT 0," // 0: no line
    " text TEXT NOT NULL DEFAULT '', translated_text TEXT NOT NULL DEFAULT '',"
    " category TEXT, context TEXT, tag TEXT,"
    " PRIMARY KEY (snapshot, comment))",
    "CREATE TABLE reference_snapshot_members ("
    " snapshot BIGINT NOT NULL REFERENCES reference_snapshots (id),"
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " reference_comment BIGINT NOT NULL REFERENCES comments (id),"
    " PRIMARY KEY (snapshot, comment))",
};

// Version 13 (issue 35, the arena): pairwise votes on whole reviews. Each is
// one annotator's preference between two runs of one merge request, run_a
// shown first (as "A"), with the seed of the draw that ordered them when the
// pairwise view drew it; one vote per annotator, runs and order.
const char *const version13[] = {
    "CREATE TABLE pairwise_votes ("
    " id %ID%,"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " run_a BIGINT NOT NULL REFERENCES runs (id),"
    " run_b BIGINT NOT NULL REFERENCES runs (id),"
    " winner TEXT NOT NULL," // a, b, tie
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " order_seed BIGINT,"
    " time_spent BIGINT,"
    " updated BIGINT NOT NULL,"
    " UNIQUE (annotator, run_a, run_b))",
    "CREATE INDEX pairwise_votes_by_merge_request ON pairwise_votes (merge_request)",
};

// Version 14 (issue 34, comparing reviewers): what public benchmarks bring
// (Code Review Bench): labels of a merge request (language, size, domain, …:
// what `compare --mr-filter` selects on) and of a comment (a golden
// comment's severity); the judges whose verdicts are kept, each apart; for
// each judge, the reviews it judged (one reviewer on one merge request: a
// tool, its comments being the comments of that author), its verdict on each
// candidate comment (matched, unmatched, or superseded: it matched a
// reference that a more confident candidate took) and the (candidate,
// reference) pairs it matched, with its confidence and reasoning. A person's
// audit of a pair can later be kept beside these rows, keyed the same way.
// The file's records are kept (`record`, `position`) for lossless export.
const char *const version14[] = {
    "CREATE TABLE mr_labels ("
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " name TEXT NOT NULL, value TEXT NOT NULL,"
    " PRIMARY KEY (merge_request, name, value))",
    "CREATE TABLE comment_labels ("
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " name TEXT NOT NULL, value TEXT NOT NULL,"
    " PRIMARY KEY (comment, name))",
    "CREATE TABLE judges ("
    " id %ID%, name TEXT NOT NULL UNIQUE,"
    " kind TEXT NOT NULL," // imported
    " source TEXT NOT NULL DEFAULT ''," // the benchmark it came with
    " created BIGINT NOT NULL)",
    "CREATE TABLE judged_reviews ("
    " judge BIGINT NOT NULL REFERENCES judges (id),"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " reviewer TEXT NOT NULL,"
    " skipped INTEGER NOT NULL DEFAULT 0,"
    " errors INTEGER NOT NULL DEFAULT 0," // the judge's questions that failed
    " position INTEGER NOT NULL DEFAULT 0,"
    " record TEXT NOT NULL DEFAULT '',"
    " PRIMARY KEY (judge, merge_request, reviewer))",
    "CREATE TABLE judge_verdicts ("
    " judge BIGINT NOT NULL REFERENCES judges (id),"
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " verdict TEXT NOT NULL," // matched, unmatched, superseded
    " position INTEGER NOT NULL DEFAULT 0,"
    " record TEXT NOT NULL DEFAULT '',"
    " PRIMARY KEY (judge, comment))",
    "CREATE INDEX judge_verdicts_by_comment ON judge_verdicts (comment)",
    "CREATE TABLE judge_matches ("
    " judge BIGINT NOT NULL REFERENCES judges (id),"
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " reference_comment BIGINT NOT NULL REFERENCES comments (id),"
    " confidence DOUBLE PRECISION,"
    " reasoning TEXT NOT NULL DEFAULT '',"
    " PRIMARY KEY (judge, comment, reference_comment))",
    "CREATE INDEX judge_matches_by_reference ON judge_matches (reference_comment)",
};

// Version 15 (issue 34): for a comment whose code suggestion (a ```suggestion
// block, or its example code) a later revision outdated, whether that
// revision applied the suggestion verbatim in place of its lines — the
// "addressed" detector's sure sign; and each run's coverage.
const char *const version15[] = {
    "CREATE TABLE suggestion_outcomes ("
    " comment BIGINT NOT NULL PRIMARY KEY REFERENCES comments (id),"
    " revision INTEGER NOT NULL,"
    " applied INTEGER NOT NULL)",
    // Coverage (issue 34): which changed lines reached a model, the run
    // record's "coverage" kept beside it ('' for runs recorded before).
    "ALTER TABLE runs ADD COLUMN coverage TEXT NOT NULL DEFAULT ''",
};

// Version 16 (issue 34, "People audit the judge"): a person's decision on
// one (candidate comment, reference) pair the benchmark judges decided:
// the same issue, a different one, or unsure. Keyed as judge_matches are,
// one decision per annotator and pair; merge_request repeats the comments'
// so that an audit reads one merge request's decisions without a join.
const char *const version16[] = {
    "CREATE TABLE judge_audit_decisions ("
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " comment BIGINT NOT NULL REFERENCES comments (id),"
    " reference_comment BIGINT NOT NULL REFERENCES comments (id),"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " decision TEXT NOT NULL," // same, different, unsure
    " updated BIGINT NOT NULL,"
    " PRIMARY KEY (annotator, comment, reference_comment))",
    "CREATE INDEX judge_audit_decisions_by_pair ON judge_audit_decisions (comment, reference_comment)",
};

// Version 17 (issue 35, gold-gap triage): the triage queue. A comment
// judged a false positive against imported ground truth is queued once (with
// the run, or the benchmark tool and the imported judge, that made it one),
// assigned to annotators, and each annotator answers "a real issue the
// ground truth misses?" (yes, no, unsure) once, a later answer replacing the
// earlier; an adjudicator's answer decides. The references triage adds are
// read from these rows (GoldTriage.h); the imported gold is never changed.
const char *const version17[] = {
    "CREATE TABLE triage_items ("
    " comment BIGINT NOT NULL PRIMARY KEY REFERENCES comments (id),"
    " merge_request BIGINT NOT NULL REFERENCES merge_requests (id),"
    " run BIGINT REFERENCES runs (id)," // NULL: an imported tool's comment
    " reviewer TEXT NOT NULL DEFAULT '',"
    " judge TEXT NOT NULL DEFAULT ''," // the imported judge that left it unmatched
    " enqueued BIGINT NOT NULL)",
    "CREATE TABLE triage_assignments ("
    " comment BIGINT NOT NULL REFERENCES triage_items (comment),"
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " PRIMARY KEY (comment, annotator))",
    "CREATE TABLE triage_answers ("
    " comment BIGINT NOT NULL REFERENCES triage_items (comment),"
    " annotator BIGINT NOT NULL REFERENCES annotators (id),"
    " answer TEXT NOT NULL," // yes, no, unsure
    " updated BIGINT NOT NULL,"
    " PRIMARY KEY (comment, annotator))",
    "CREATE TABLE triage_adjudications ("
    " comment BIGINT NOT NULL PRIMARY KEY REFERENCES triage_items (comment),"
    " adjudicator BIGINT NOT NULL REFERENCES annotators (id),"
    " answer TEXT NOT NULL,"
    " reason TEXT NOT NULL DEFAULT '',"
    " updated BIGINT NOT NULL)",
};

QStringList migrationTo(int version, const QString &idColumn)
{
    switch (version) {
    case 1: return statements(version1, idColumn);
    case 2: return statements(version2, idColumn);
    case 3: return statements(version3, idColumn);
    case 4: return statements(version4, idColumn);
    case 5: return statements(version5, idColumn);
    case 6: return statements(version6, idColumn);
    case 7: return statements(version7, idColumn);
    case 8: return statements(version8, idColumn);
    case 9: return statements(version9, idColumn);
    case 10: return statements(version10, idColumn);
    case 11: return statements(version11, idColumn);
    case 12: return statements(version12, idColumn);
    case 13: return statements(version13, idColumn);
    case 14: return statements(version14, idColumn);
    case 15: return statements(version15, idColumn);
    case 16: return statements(version16, idColumn);
    case 17: return statements(version17, idColumn);
    default: return {};
    }
}

QStringList recountDisagreement()
{
    return {QStringLiteral("DELETE FROM gt_disagreements WHERE comment = ?"),
            QStringLiteral("INSERT INTO gt_disagreements (comment) SELECT comment FROM judgements WHERE comment = ? AND verdict IS NOT NULL"
                           " GROUP BY comment" RD_DISAGREEING_GROUP)};
}

QString recountDisagreements()
{
    return QString::fromLatin1(fillDisagreements);
}

#undef RD_DISAGREEING_GROUP

} // namespace rd::workspace_schema
