#include "CodeAgentPipeline.h"

#include "DiffText.h"
#include "PipelineOutput.h"
#include "Prompts.h"

#include <QCoreApplication>
#include <QFile>
#include <QThreadPool>
#include <QtConcurrent>

namespace rd {
namespace {

// One conversation as it runs: its own exchanges (indices local until the
// record takes them) and the findings of its final answer.
struct ConversationRun
{
    Conversation conversation;
    QList<Exchange> exchanges;
    QString answer; // the final answer
    QStringList errors;
};

struct Task
{
    QString name;     // consistency, ...
    QString code;     // CA, VA, FA, CR
    QString category; // the comment's category
};

const QList<Task> &tasks()
{
    static const QList<Task> all = {{QStringLiteral("consistency"), QStringLiteral("CA"), QStringLiteral("Commit Message Consistency")},
                                    {QStringLiteral("vulnerability"), QStringLiteral("VA"), QStringLiteral("Security Vulnerability")},
                                    {QStringLiteral("format"), QStringLiteral("FA"), QStringLiteral("Format")},
                                    {QStringLiteral("revision"), QStringLiteral("CR"), QStringLiteral("Code Revision")}};
    return all;
}

QString phaseTitle(const QString &phase)
{
    if (phase == QLatin1String("basic_info_sync"))
        return QStringLiteral("Basic Info Sync");
    if (phase == QLatin1String("code_review"))
        return QStringLiteral("Code Review");
    if (phase == QLatin1String("code_alignment"))
        return QStringLiteral("Code Alignment");
    return QStringLiteral("Document");
}

// The verdicts that say the task found something even without findings.
bool verdictFindsProblem(const QString &verdict)
{
    return verdict == QLatin1String("inconsistent") || verdict == QLatin1String("vulnerable") || verdict == QLatin1String("revised");
}

class Conversations
{
public:
    Conversations(const PipelineContext &context, ProgressTally &tally) : m_context(context), m_tally(tally)
    {
        m_agent = context.config.role(QStringLiteral("agent"));
        m_checker = context.config.role(QStringLiteral("qa_checker"));
    }

    // Runs the conversation; `supervised`: the QA-Checker loop applies.
    ConversationRun talk(const QString &phase, const QString &task, const QString &instructor, const QString &assistant, const QString &question,
                         bool supervised)
    {
        const CodeAgentOptions &options = m_context.config.codeAgent;
        ConversationRun run;
        Conversation &c = run.conversation;
        c.phase = phase;
        c.task = task;
        c.instructor = instructor;
        c.assistant = assistant;
        c.supervised = supervised && m_checker;
        c.threshold = options.threshold;
        c.maxTurns = c.supervised ? options.maxTurns : 1;
        QString q = question;
        for (int turn = 1; turn <= c.maxTurns; ++turn) {
            if (m_context.cancelled()) {
                run.errors << QStringLiteral("codeagent %1: cancelled before turn %2").arg(task).arg(turn);
                break;
            }
            ConversationTurn t;
            const QHash<QString, QString> values = {{QStringLiteral("assistant"), assistant},
                                                    {QStringLiteral("assistant_card"), codeAgentRoleCard(assistant)},
                                                    {QStringLiteral("instructor"), instructor},
                                                    {QStringLiteral("instructor_card"), codeAgentRoleCard(instructor)},
                                                    {QStringLiteral("phase"), phaseTitle(phase)},
                                                    {QStringLiteral("question"), q}};
            const QString label = QStringLiteral("codeagent %1, turn %2: %3 → %4").arg(task).arg(turn).arg(instructor, assistant);
            const Exchange answer = m_context.client.send({*m_agent, buildPrompt(QStringLiteral("codeagent/conversation"), values), label}).result();
            m_tally.exchange(answer);
            run.exchanges.append(answer);
            t.exchange = static_cast<int>(run.exchanges.size()) - 1;
            if (!answer.ok()) {
                t.note = QStringLiteral("the request failed: %1").arg(answer.error);
                run.errors << QStringLiteral("%1: %2").arg(label, answer.error);
                c.turns.append(t);
                break;
            }
            run.answer = answer.response;
            if (!c.supervised) {
                c.accepted = true;
                c.turns.append(t);
                break;
            }
            const QHash<QString, QString> checkValues = {{QStringLiteral("checker_card"), codeAgentRoleCard(QStringLiteral("QA-Checker"))},
                                                         {QStringLiteral("threshold"), QString::number(options.threshold)},
                                                         {QStringLiteral("question"), q},
                                                         {QStringLiteral("answer"), answer.response}};
            const QString checkLabel = QStringLiteral("qa-checker %1, turn %2").arg(task).arg(turn);
            const Exchange check = m_context.client.send({*m_checker, buildPrompt(QStringLiteral("codeagent/qa_checker"), checkValues), checkLabel}).result();
            m_tally.exchange(check);
            run.exchanges.append(check);
            t.checkerExchange = static_cast<int>(run.exchanges.size()) - 1;
            const CheckerVerdict verdict = check.ok() ? parseCheckerVerdict(check.response) : CheckerVerdict{-1, {}, {}, check.error};
            if (!verdict.error.isEmpty()) {
                // Without a score the loop cannot go on honestly: the answer stands, unchecked.
                t.note = QStringLiteral("not checked: %1; the answer is taken as it is").arg(verdict.error);
                run.errors << QStringLiteral("%1: %2 (the answer is taken unchecked)").arg(checkLabel, verdict.error);
                c.turns.append(t);
                break;
            }
            t.score = verdict.score;
            if (verdict.score >= options.threshold) {
                t.note = QStringLiteral("score %1 reaches τ %2").arg(verdict.score).arg(options.threshold);
                c.accepted = true;
                c.turns.append(t);
                break;
            }
            if (turn == c.maxTurns) {
                t.note = QStringLiteral("score %1 below τ %2 at the turn limit (%3): the last answer stands").arg(verdict.score).arg(options.threshold).arg(c.maxTurns);
                run.errors << QStringLiteral("codeagent %1: the QA-Checker never scored an answer %2 or more in %3 turns").arg(task).arg(options.threshold).arg(c.maxTurns);
                c.turns.append(t);
                break;
            }
            t.instruction = verdict.instruction.isEmpty()
                                ? QStringLiteral("Answer exactly the question above, in the answer format it asks for, and stay on its topic.")
                                : verdict.instruction;
            t.note = QStringLiteral("score %1 below τ %2: asked again").arg(verdict.score).arg(options.threshold);
            c.turns.append(t);
            q += QStringLiteral("\n\nAdditional instruction from the QA-Checker: %1").arg(t.instruction);
        }
        m_tally.unitDone(QStringLiteral("codeagent %1").arg(task));
        return run;
    }

private:
    const PipelineContext &m_context;
    ProgressTally &m_tally;
    const EndpointProfile *m_agent = nullptr;
    const EndpointProfile *m_checker = nullptr;
};

QString questionFrom(const QString &templateName, const QHash<QString, QString> &values)
{
    const QList<ChatMessage> messages = buildPrompt(templateName, values);
    return messages.isEmpty() ? QString() : messages.last().content;
}

} // namespace

QString codeAgentRoleCard(const QString &role)
{
    static const QHash<QString, QString> cards = [] {
        QHash<QString, QString> out;
        QFile file(QStringLiteral(":/prompts/codeagent/role_cards.txt"));
        if (!file.open(QIODevice::ReadOnly))
            qFatal("the CodeAgent role cards are missing from the resources");
        for (const QByteArray &line : file.readAll().split('\n'))
            if (const qsizetype colon = line.indexOf(':'); colon > 0)
                out.insert(QString::fromUtf8(line.left(colon)), QString::fromUtf8(line.mid(colon + 1)).trimmed());
        return out;
    }();
    return cards.value(role);
}

RunRecord CodeAgentPipeline::run(const PipelineContext &context)
{
    RunRecord record = context.newRecord();
    const CodeAgentOptions &options = context.config.codeAgent;
    if (!context.config.role(QStringLiteral("agent"))) {
        record.errors << QCoreApplication::translate("rd::pipeline", "codeagent: roles.agent is needed");
        return record;
    }
    // The inputs of the paper's pipeline: the commit, its message, the original files.
    QString diff, fileList, original;
    QHash<QString, QList<int>> shown;
    int originals = 0;
    for (const FileDiff &f : context.mr.files) {
        const QString path = QString::fromUtf8(f.displayPath());
        fileList += QStringLiteral("%1 (%2, +%3 -%4)\n").arg(path, QLatin1String(statusName(f.status))).arg(f.additions).arg(f.deletions);
        if (!f.isReadable() || f.isBinary() || f.hunks.isEmpty())
            continue;
        diff += snippetDiff(f, options.contextLines) + QLatin1Char('\n');
        shown.insert(path, shownNewLines(f, options.contextLines));
        // The beginning of each original file shows its style (format analysis).
        constexpr int originalFiles = 5, originalLines = 40;
        if (originals < originalFiles && f.exists(Side::Old))
            if (const auto content = context.mr.content(f, Side::Old)) {
                ++originals;
                original += QStringLiteral("%1:\n%2\n").arg(QString::fromUtf8(f.path[Side::Old]),
                                                           QString::fromUtf8(*content).section(QLatin1Char('\n'), 0, originalLines - 1));
            }
    }
    const QString message = QString(context.mr.title + QStringLiteral("\n\n") + context.mr.description).trimmed();

    QList<Task> chosen;
    for (const Task &t : tasks())
        if (options.tasks.contains(t.name))
            chosen.append(t);
    const bool revise = options.tasks.contains(QStringLiteral("revision"));
    const int reviewTasks = static_cast<int>(chosen.size()) - (revise ? 1 : 0);
    ProgressTally tally(context, 2 + static_cast<int>(chosen.size()));
    Conversations team(context, tally);
    QList<ConversationRun> runs;
    QHash<QString, QString> answers; // task -> final answer

    // Phase 1: Basic Info Sync.
    runs.append(team.talk(QStringLiteral("basic_info_sync"), QStringLiteral("modality"), QStringLiteral("CEO"), QStringLiteral("CTO"),
                          questionFrom(QStringLiteral("codeagent/modality"), {{QStringLiteral("message"), message}, {QStringLiteral("files"), fileList}}), false));
    const QString basicInfo = runs.last().answer;

    // Phase 2: Code Review, the analyses side by side.
    QList<ConversationRun> reviews(reviewTasks);
    {
        QThreadPool pool;
        pool.setMaxThreadCount(std::max(1, std::min(reviewTasks, context.config.concurrency)));
        QList<int> order;
        for (int i = 0; i < reviewTasks; ++i)
            order.append(i);
        QtConcurrent::blockingMap(&pool, order, [&](int i) {
            const Task &t = chosen[i];
            const QHash<QString, QString> values = {{QStringLiteral("basic_info"), basicInfo}, {QStringLiteral("message"), message},
                                                    {QStringLiteral("diff"), diff}, {QStringLiteral("original"), original}};
            reviews[i] = team.talk(QStringLiteral("code_review"), t.name, QStringLiteral("Coder"), QStringLiteral("Reviewer"),
                                   questionFrom(QStringLiteral("codeagent/") + t.name, values), true);
        });
    }
    QString reports;
    for (int i = 0; i < reviewTasks; ++i) {
        answers.insert(chosen[i].name, reviews[i].answer);
        reports += QStringLiteral("[%1 %2]\n%3\n\n").arg(chosen[i].code, chosen[i].name, reviews[i].answer);
        runs.append(reviews[i]);
    }

    // Phase 3: Code Alignment.
    if (revise) {
        runs.append(team.talk(QStringLiteral("code_alignment"), QStringLiteral("revision"), QStringLiteral("Reviewer"), QStringLiteral("Coder"),
                              questionFrom(QStringLiteral("codeagent/revision"), {{QStringLiteral("diff"), diff}, {QStringLiteral("reports"), reports}}), true));
        answers.insert(QStringLiteral("revision"), runs.last().answer);
        reports += QStringLiteral("[CR revision]\n%1\n").arg(runs.last().answer);
    }

    // Phase 4: Document.
    runs.append(team.talk(QStringLiteral("document"), QStringLiteral("summary"), QStringLiteral("CEO"), QStringLiteral("CPO"),
                          questionFrom(QStringLiteral("codeagent/document"), {{QStringLiteral("message"), message}, {QStringLiteral("reports"), reports}}), false));
    record.summary = runs.last().answer;

    // The record takes every conversation's exchanges in order; turn indices follow.
    for (ConversationRun &run : runs) {
        const int offset = static_cast<int>(record.exchanges.size());
        for (ConversationTurn &t : run.conversation.turns) {
            t.exchange = t.exchange < 0 ? -1 : t.exchange + offset;
            t.checkerExchange = t.checkerExchange < 0 ? -1 : t.checkerExchange + offset;
        }
        record.exchanges += run.exchanges;
        record.errors += run.errors;
        record.conversations.append(run.conversation);
    }

    // The task reports become comments.
    for (const Task &t : chosen) {
        const QString answer = answers.value(t.name);
        const ConversationRun *run = nullptr;
        for (const ConversationRun &r : runs)
            if (r.conversation.task == t.name)
                run = &r;
        if (!run || answer.isEmpty())
            continue;
        const Conversation &c = run->conversation;
        double best = -1;
        for (const ConversationTurn &turn : c.turns)
            best = std::max(best, turn.score);
        const QString checked = !c.supervised ? QStringLiteral("not supervised")
                                : c.accepted  ? QStringLiteral("QA-Checker score %1 after %2 turn(s)").arg(c.turns.last().score).arg(c.turns.size())
                                              : QStringLiteral("QA-Checker: no answer reached τ %1 in %2 turn(s) (best %3)").arg(c.threshold).arg(c.turns.size()).arg(best);
        const AgentReport report = parseAgentReport(answer);
        auto base = [&](const QString &id) {
            ReviewComment comment;
            comment.id = id;
            comment.pipeline = QStringLiteral("codeagent");
            comment.tag = t.name;
            comment.category = t.category;
            comment.history.append({QStringLiteral("codeagent"), 0, 0, 0, checked});
            return comment;
        };
        if (!report.error.isEmpty()) {
            ReviewComment unparsed = base(QStringLiteral("ca-%1-unparsed").arg(t.name));
            unparsed.issue = report.error;
            unparsed.raw = answer;
            unparsed.lineValid = false;
            unparsed.drop(QStringLiteral("unparsed"));
            record.comments.append(unparsed);
            record.errors << QStringLiteral("codeagent %1: %2 (the answer is kept in %3)").arg(t.name, report.error, unparsed.id);
            continue;
        }
        int number = 0;
        for (const AgentFinding &f : report.findings) {
            ReviewComment comment = base(QStringLiteral("ca-%1-%2").arg(t.name).arg(++number));
            comment.file = f.file;
            comment.lineStart = f.lineStart;
            comment.lineEnd = f.lineEnd;
            comment.issue = f.issue;
            comment.fix = f.fix;
            comment.example = f.code;
            comment.rootCause = report.summary;
            comment.q3Severity = f.severity;
            const QList<int> lines = shown.value(f.file);
            comment.lineValid = lines.contains(f.lineStart) && lines.contains(f.lineEnd);
            record.comments.append(comment);
        }
        // A verdict of a problem without a place: one comment on the whole merge request.
        if (report.findings.isEmpty() && verdictFindsProblem(report.verdict)) {
            ReviewComment comment = base(QStringLiteral("ca-%1-verdict").arg(t.name));
            comment.issue = report.summary.isEmpty() ? report.verdict : report.summary;
            comment.lineValid = false;
            record.comments.append(comment);
        }
    }
    record.cancelled = context.cancelled();
    return record;
}

} // namespace rd
