#pragma once

#include <AacrRunConfig.h>
#include <RunRecord.h>

#include <QWidget>

#include <memory>

class QLabel;
class QPlainTextEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace rd {

// What each hunk of an AACR run was reviewed with: the retrieved chunks and
// their scores (BM25, embedding), or the agent's tool calls with their
// answers (refused ones marked); for agent-pr, the exploration's and each
// validation sub-agent's tool calls and verdict. The selected one's text below.
class RetrievalPanel : public QWidget
{
    Q_OBJECT

public:
    explicit RetrievalPanel(QWidget *parent = nullptr);

    // An AACR run's retrieval; any other run (or none) shows a hint.
    void setRun(std::shared_ptr<const RunRecord> run);
    int hunkCount() const;
    // Rows under a hunk (agent-pr: a conversation): its chunks, or its tool calls.
    int rowCount(int hunk) const;
    QString rowText(int hunk, int row) const;
    // Shows the hunk's first chunk (or tool call) in the text view.
    void selectRow(int hunk, int row);
    // Selects the first hunk of the file (the window's current file).
    void showFile(const QByteArray &path);
    QString shownText() const;

private:
    void showCurrent();
    void showAgentPr();
    void addToolCalls(QTreeWidgetItem *top, int n, const AgentTrace &trace);
    const AgentTrace *agentTrace(int n) const;

    std::shared_ptr<const RunRecord> m_run;
    AacrRunConfig m_config; // the run's AACR settings (context, top-k, budgets)
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QPlainTextEdit *m_text;
};

} // namespace rd
