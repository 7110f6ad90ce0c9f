#include "CodeAgentPipeline.h"

#include "DiffText.h"
#include "PipelineOutput.h"
#include "Prompts.h"
#include "QaChecker.h"

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

// The text of a template's one message (its last one).
QString templateText(const QString &templateName, const QHash<QString, QString> &values)
{
    const QList<ChatMessage> messages = buildPrompt(templateName, values);
    return messages.isEmpty() ? QString() : messages.last().content;
}

bool saysTaskDone(const QString &reply)
{
    return reply.contains(QLatin1String("TASK_DONE"), Qt::CaseInsensitive);
}

// The agents of a run: every conversation is two agents, the instructor and
// the assistant, each asked through the client in turn (codeagent.txt
// §2.2: "one agent works as an instructor and the other as an assistant").
class Team
{
public:
    Team(const PipelineContext &context, ProgressTally &tally, QSet<QString> domainTerms)
        : m_context(context), m_tally(tally), m_domainTerms(std::move(domainTerms))
    {
        m_agent = context.config.role(QStringLiteral("agent"));
        m_checker = context.config.role(QStringLiteral("qa_checker"));
        m_embedding = context.config.role(QStringLiteral("embedding"));
    }

    // Runs one conversation turn by turn, up to max_turns: the instructor
    // gives an instruction, the assistant answers it; a supervised
    // conversation's answer is then scored by the QA-Checker (App. A) and,
    // below τ, the question becomes Q_i + aai_i (Algorithm 1) for the next
    // turn; an unsupervised one ends when the instructor says the task is done.
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
        c.supervised = supervised && m_checker && m_embedding;
        c.threshold = options.threshold;
        c.maxTurns = options.maxTurns;
        struct Said
        {
            QString instruction, answer, feedback;
        };
        QList<Said> history;
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
            // The instructor: its instructions so far are its own turns, the answers the other's.
            QList<ChatMessage> toInstructor = buildPrompt(QStringLiteral("codeagent/instructor"), values);
            for (const Said &s : std::as_const(history)) {
                toInstructor.append({QStringLiteral("assistant"), s.instruction});
                toInstructor.append({QStringLiteral("user"), templateText(QStringLiteral("codeagent/instructor_reply"),
                                                                           {{QStringLiteral("assistant"), assistant},
                                                                            {QStringLiteral("answer"), s.answer},
                                                                            {QStringLiteral("feedback"), s.feedback}})});
            }
            const QString instructorLabel = QStringLiteral("codeagent %1, turn %2: %3 instructs %4").arg(task).arg(turn).arg(instructor, assistant);
            const Exchange instruction = send(run, *m_agent, toInstructor, instructorLabel, t.instructorExchange);
            if (!instruction.ok()) {
                t.note = QStringLiteral("the request failed: %1").arg(instruction.error);
                run.errors << QStringLiteral("%1: %2").arg(instructorLabel, instruction.error);
                c.turns.append(t);
                break;
            }
            if (saysTaskDone(instruction.response)) {
                if (history.isEmpty()) {
                    t.note = QStringLiteral("the %1 ended the conversation before any answer").arg(instructor);
                    run.errors << QStringLiteral("codeagent %1: the %2 ended the conversation before the %3 answered").arg(task, instructor, assistant);
                } else if (!c.supervised) {
                    t.note = QStringLiteral("the %1 said the task is done").arg(instructor);
                    c.accepted = true;
                } else {
                    t.note = QStringLiteral("the %1 ended the conversation before the QA-Checker accepted an answer: the last answer stands").arg(instructor);
                    run.errors << QStringLiteral("codeagent %1: the %2 ended the conversation before an answer reached τ %3").arg(task, instructor).arg(c.threshold);
                }
                c.turns.append(t);
                break;
            }
            // The assistant: the instructions are the other's turns, its answers its own.
            QList<ChatMessage> toAssistant = buildPrompt(QStringLiteral("codeagent/assistant"), values);
            for (const Said &s : std::as_const(history)) {
                toAssistant.append({QStringLiteral("user"), s.instruction});
                toAssistant.append({QStringLiteral("assistant"), s.answer});
            }
            toAssistant.append({QStringLiteral("user"), instruction.response.trimmed()});
            const QString assistantLabel = QStringLiteral("codeagent %1, turn %2: %3 answers %4").arg(task).arg(turn).arg(assistant, instructor);
            const Exchange answer = send(run, *m_agent, toAssistant, assistantLabel, t.exchange);
            if (!answer.ok()) {
                t.note = QStringLiteral("the request failed: %1").arg(answer.error);
                run.errors << QStringLiteral("%1: %2").arg(assistantLabel, answer.error);
                c.turns.append(t);
                break;
            }
            run.answer = answer.response;
            Said said{instruction.response.trimmed(), answer.response, {}};
            if (c.supervised) {
                const QaStep step = check(run, t, task, turn, q, answer.response);
                if (!t.note.isEmpty()) { // not checked: the answer stands
                    c.turns.append(t);
                    break;
                }
                if (step.accepted) {
                    t.note = QStringLiteral("score %1 reaches τ %2").arg(t.score, 0, 'f', 2).arg(c.threshold);
                    c.accepted = true;
                    c.turns.append(t);
                    break;
                }
                if (turn == c.maxTurns) {
                    t.instruction.clear(); // nothing is asked after the last turn
                    t.note = QStringLiteral("score %1 below τ %2 at the turn limit (%3): the last answer stands").arg(t.score, 0, 'f', 2).arg(c.threshold).arg(c.maxTurns);
                    run.errors << QStringLiteral("codeagent %1: the QA-Checker never scored an answer %2 or more in %3 turns").arg(task).arg(c.threshold).arg(c.maxTurns);
                    c.turns.append(t);
                    break;
                }
                t.note = QStringLiteral("score %1 below τ %2: asked again").arg(t.score, 0, 'f', 2).arg(c.threshold);
                said.feedback = QStringLiteral("\n\n") + templateText(QStringLiteral("codeagent/qa_feedback"), {{QStringLiteral("score"), QString::number(t.score, 'f', 2)},
                                                                                                           {QStringLiteral("threshold"), QString::number(c.threshold)},
                                                                                                           {QStringLiteral("instruction"), t.instruction}});
                q = step.nextQuestion;
            } else if (turn == c.maxTurns) {
                t.note = QStringLiteral("the turn limit (%1) came before the %2 said the task is done: the last answer stands").arg(c.maxTurns).arg(instructor);
                run.errors << QStringLiteral("codeagent %1: the %2 did not say the task is done in %3 turns").arg(task, instructor).arg(c.maxTurns);
            }
            c.turns.append(t);
            history.append(said);
        }
        m_tally.unitDone(QStringLiteral("codeagent %1").arg(task));
        return run;
    }

private:
    Exchange send(ConversationRun &run, const EndpointProfile &profile, const QList<ChatMessage> &messages, const QString &label, int &index)
    {
        ChatRequest request{profile, messages, label};
        request.role = &profile == m_checker ? QStringLiteral("qa_checker") : QStringLiteral("agent");
        return keep(run, m_context.client.send(request).result(), index);
    }

    Exchange keep(ConversationRun &run, const Exchange &e, int &index)
    {
        m_tally.exchange(e);
        run.exchanges.append(e);
        index = static_cast<int>(run.exchanges.size()) - 1;
        return e;
    }

    // The QA-Checker on one answer: the embeddings of Q_i and A_i (relevance),
    // the computed terms, the model's coreference rating and additional
    // instruction, the score 10·𝒬 and the refinement. A failure leaves a
    // note on the turn and an error: the answer then stands unchecked.
    QaStep check(ConversationRun &run, ConversationTurn &t, const QString &task, int turn, const QString &question, const QString &answer)
    {
        ChatRequest embed;
        embed.profile = *m_embedding;
        embed.role = QStringLiteral("embedding");
        embed.embeddingInput = {qaEmbeddingText(question), qaEmbeddingText(answer)};
        embed.label = QStringLiteral("qa-checker %1, turn %2: embeddings").arg(task).arg(turn);
        Exchange vectors = m_context.client.send(embed).result();
        const auto read = embeddingVectors(vectors.response);
        if (vectors.ok() && read.size() != 2)
            vectors.error = QCoreApplication::translate("rd::pipeline", "the answer has %1 vectors for 2 texts").arg(read.size());
        keep(run, vectors, t.embeddingExchange);
        if (!vectors.ok()) {
            t.note = QStringLiteral("not checked: %1; the answer is taken as it is").arg(vectors.error);
            run.errors << QStringLiteral("%1: %2 (the answer is taken unchecked)").arg(embed.label, vectors.error);
            return {};
        }
        QaTerms terms = qaTerms(answer, read[0], read[1], 0, m_domainTerms);
        const auto figure = [](double v) { return QString::number(v, 'f', 2); };
        const QHash<QString, QString> values = {{QStringLiteral("checker_card"), codeAgentRoleCard(QStringLiteral("QA-Checker"))},
                                                {QStringLiteral("threshold"), QString::number(m_context.config.codeAgent.threshold)},
                                                {QStringLiteral("relevance"), figure(terms.relevance)},
                                                {QStringLiteral("specificity"), figure(terms.specificity)},
                                                {QStringLiteral("discourse"), figure(terms.discourse)},
                                                {QStringLiteral("pattern"), figure(terms.pattern)},
                                                {QStringLiteral("question"), question},
                                                {QStringLiteral("answer"), answer}};
        const QString label = QStringLiteral("qa-checker %1, turn %2").arg(task).arg(turn);
        const Exchange reply = send(run, *m_checker, buildPrompt(QStringLiteral("codeagent/qa_checker"), values), label, t.checkerExchange);
        const CheckerVerdict verdict = reply.ok() ? parseCheckerVerdict(reply.response) : CheckerVerdict{-1, {}, {}, reply.error};
        if (!verdict.error.isEmpty()) {
            // Without the rating the score is not the paper's: the answer stands, unchecked.
            t.note = QStringLiteral("not checked: %1; the answer is taken as it is").arg(verdict.error);
            run.errors << QStringLiteral("%1: %2 (the answer is taken unchecked)").arg(label, verdict.error);
            return {};
        }
        terms.coreference = verdict.coreference / 10.0;
        t.terms = terms;
        t.score = qaScore(terms);
        const QString aai = verdict.instruction.isEmpty()
                                ? QStringLiteral("Answer exactly the question above, in the answer format it asks for, and stay on its topic.")
                                : verdict.instruction;
        const QaStep step = qaRefine(question, t.score, m_context.config.codeAgent.threshold, aai);
        if (!step.accepted)
            t.instruction = aai;
        return step;
    }

    const PipelineContext &m_context;
    ProgressTally &m_tally;
    QSet<QString> m_domainTerms;
    const EndpointProfile *m_agent = nullptr;
    const EndpointProfile *m_checker = nullptr;
    const EndpointProfile *m_embedding = nullptr;
};

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
    if (context.config.role(QStringLiteral("qa_checker")) && !context.config.role(QStringLiteral("embedding"))) {
        record.errors << QCoreApplication::translate("rd::pipeline", "codeagent: roles.qa_checker needs roles.embedding (the QA-Checker's relevance term)");
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
    // Two conversations of Basic Info Sync, the analyses, the revision, three of Document.
    ProgressTally tally(context, 2 + static_cast<int>(chosen.size()) + 3);
    // TechnicalityScore counts the words of the code under review as technical.
    Team team(context, tally, codeIdentifiers(diff));
    QList<ConversationRun> runs;
    QHash<QString, QString> answers; // task -> final answer
    const QString ceo = QStringLiteral("CEO"), cto = QStringLiteral("CTO"), cpo = QStringLiteral("CPO"), coder = QStringLiteral("Coder"),
                  reviewer = QStringLiteral("Reviewer");

    // Phase 1: Basic Info Sync (CEO, CTO and Coder): the modality, then the languages and what the change does.
    runs.append(team.talk(QStringLiteral("basic_info_sync"), QStringLiteral("modality"), ceo, cto,
                          templateText(QStringLiteral("codeagent/modality"), {{QStringLiteral("message"), message}, {QStringLiteral("files"), fileList}}), false));
    const QString modality = runs.last().answer;
    runs.append(team.talk(QStringLiteral("basic_info_sync"), QStringLiteral("language"), cto, coder,
                          templateText(QStringLiteral("codeagent/language"), {{QStringLiteral("message"), message},
                                                                             {QStringLiteral("files"), fileList},
                                                                             {QStringLiteral("modality"), modality},
                                                                             {QStringLiteral("diff"), diff}}),
                          false));
    const QString basicInfo = QStringLiteral("Modality (the CTO):\n%1\n\nLanguages and what the change does (the Coder):\n%2").arg(modality, runs.last().answer);

    // Phase 2: Code Review (Coder and Reviewer), the analyses side by side.
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
            reviews[i] = team.talk(QStringLiteral("code_review"), t.name, coder, reviewer, templateText(QStringLiteral("codeagent/") + t.name, values), true);
        });
    }
    QString reports;
    for (int i = 0; i < reviewTasks; ++i) {
        answers.insert(chosen[i].name, reviews[i].answer);
        reports += QStringLiteral("[%1 %2]\n%3\n\n").arg(chosen[i].code, chosen[i].name, reviews[i].answer);
        runs.append(reviews[i]);
    }

    // Phase 3: Code Alignment (Reviewer and Coder).
    if (revise) {
        runs.append(team.talk(QStringLiteral("code_alignment"), QStringLiteral("revision"), reviewer, coder,
                              templateText(QStringLiteral("codeagent/revision"), {{QStringLiteral("diff"), diff}, {QStringLiteral("reports"), reports}}), true));
        answers.insert(QStringLiteral("revision"), runs.last().answer);
        reports += QStringLiteral("[CR revision]\n%1\n").arg(runs.last().answer);
    }

    // Phase 4: Document (CEO, CPO, Coder and Reviewer): the Reviewer's and
    // the Coder's summaries for the CPO, then the CEO's document.
    runs.append(team.talk(QStringLiteral("document"), QStringLiteral("findings"), cpo, reviewer,
                          templateText(QStringLiteral("codeagent/findings"), {{QStringLiteral("message"), message}, {QStringLiteral("reports"), reports}}), false));
    const QString findings = runs.last().answer;
    runs.append(team.talk(QStringLiteral("document"), QStringLiteral("revisions"), cpo, coder,
                          templateText(QStringLiteral("codeagent/revisions"), {{QStringLiteral("reports"), reports}}), false));
    const QString revisions = runs.last().answer;
    runs.append(team.talk(QStringLiteral("document"), QStringLiteral("summary"), ceo, cpo,
                          templateText(QStringLiteral("codeagent/document"), {{QStringLiteral("message"), message},
                                                                             {QStringLiteral("basic_info"), basicInfo},
                                                                             {QStringLiteral("findings"), findings},
                                                                             {QStringLiteral("revisions"), revisions}}),
                          false));
    record.summary = runs.last().answer;

    // The record takes every conversation's exchanges in order; turn indices follow.
    for (ConversationRun &run : runs) {
        const int offset = static_cast<int>(record.exchanges.size());
        for (ConversationTurn &t : run.conversation.turns)
            for (int *index : {&t.instructorExchange, &t.exchange, &t.embeddingExchange, &t.checkerExchange})
                *index = *index < 0 ? -1 : *index + offset;
        record.exchanges += run.exchanges;
        record.errors += run.errors;
        record.conversations.append(run.conversation);
    }

    // The task reports become comments. Each task is shown the whole diff:
    // its lines reached a model when some task's report could be read.
    CoverageTally coverage(context.mr);
    for (const Task &t : chosen) {
        const QString answer = answers.value(t.name);
        const ConversationRun *run = nullptr;
        for (const ConversationRun &r : runs)
            if (r.conversation.task == t.name)
                run = &r;
        if (!run || answer.isEmpty()) {
            coverage.addWholeChange(QStringLiteral("task"), t.name, false,
                                    run && !run->errors.isEmpty() ? run->errors.last()
                                                                  : QStringLiteral("codeagent %1: the conversation gave no answer").arg(t.name));
            continue;
        }
        const Conversation &c = run->conversation;
        double best = -1;
        for (const ConversationTurn &turn : c.turns)
            best = std::max(best, turn.score);
        const QString checked = !c.supervised ? QStringLiteral("not supervised")
                                : c.accepted  ? QStringLiteral("QA-Checker score %1 after %2 turn(s)").arg(c.turns.last().score, 0, 'f', 2).arg(c.turns.size())
                                              : QStringLiteral("QA-Checker: no answer reached τ %1 in %2 turn(s) (best %3)").arg(c.threshold).arg(c.turns.size()).arg(best, 0, 'f', 2);
        const AgentReport report = parseAgentReport(answer);
        coverage.addWholeChange(QStringLiteral("task"), t.name, report.error.isEmpty(),
                                QStringLiteral("codeagent %1: the report could not be read (%2)").arg(t.name, report.error));
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
    record.coverage = coverage.result();
    record.cancelled = context.cancelled();
    return record;
}

} // namespace rd
